import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik, type FormikErrors } from 'formik';
import type { FormEvent } from 'react';
import { useAppSelector } from '../../app/hooks';
import { DeliveryFields } from '../../components/DeliveryFields';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import type { DeliveryMethod } from '../../types/entities';
import { selectUser } from '../auth/authSlice';
import { bundlesCopy } from './copy';
import type { BundleCheckout } from './types';

interface Values {
  phone: string;
  location: string;
  address: string;
}

const ADDRESS_MAX = 500;

interface Props {
  /** Names the form's fields apart from another bundle's. */
  idPrefix: string;
  /** The methods every available book offers; `method` is the one chosen. */
  deliveries: DeliveryMethod[];
  method: DeliveryMethod | null;
  onMethod(method: DeliveryMethod): void;
  /** Why the bundle cannot be checked out now (nothing left, no delivery in common). */
  blocked: string | null;
  /** Sends the checkout; the payment page follows when the order is made. */
  onCheckout(checkout: BundleCheckout): Promise<unknown>;
}

/**
 * The bundle's checkout: the booking's contact fields (name and email from the account, phone and
 * place typed), how the books travel (only the ways every book offers; an address for shipping),
 * and Check out. Phone and place are free text, as when booking one book.
 */
export function BundleCheckoutForm({ idPrefix, deliveries, method, onMethod, blocked, onCheckout }: Props) {
  const user = useAppSelector(selectUser);
  const name = user?.displayName ?? '';
  const email = user?.email ?? '';
  const formik = useFormik<Values>({
    initialValues: { phone: '', location: '', address: '' },
    validate: ({ address }): FormikErrors<Values> => {
      if (method !== 'shipping') return {};
      if (!address.trim()) return { address: copy.delivery.addressRequired };
      return address.trim().length > ADDRESS_MAX ? { address: copy.delivery.addressTooLong } : {};
    },
    onSubmit: async ({ phone, location, address }) => {
      await onCheckout({
        email,
        ...(name ? { cusTomername: name } : {}),
        location,
        phone,
        ...(method ? { delivery: method === 'shipping' ? { method, address: address.trim() } : { method } } : {}),
      });
    },
  });

  return (
    <Stack
      component="form"
      noValidate
      // Marked busy, not disabled, while it is sent (the focus stays): a second press sends nothing.
      onSubmit={(event: FormEvent<HTMLFormElement>) => (formik.isSubmitting ? event.preventDefault() : formik.handleSubmit(event))}
      spacing={2} aria-labelledby={`${idPrefix}-contact`} sx={{ maxWidth: 560 }}>
      <Typography id={`${idPrefix}-contact`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {bundlesCopy.contact}
      </Typography>
      <FormTextField label={copy.booking.name} name="name" value={name} disabled />
      <FormTextField label={copy.booking.email} name="email" type="email" value={email} disabled />
      <FormTextField label={copy.booking.phone} type="tel" autoComplete="tel" {...formik.getFieldProps('phone')} />
      <FormTextField label={copy.booking.location} autoComplete="address-level2" {...formik.getFieldProps('location')} />
      <DeliveryFields
        idPrefix={idPrefix}
        methods={deliveries}
        method={method}
        onMethod={onMethod}
        askWhenOne
        address={formik.getFieldProps('address')}
        addressError={(formik.touched.address && formik.errors.address) || undefined}
      />
      {blocked && <Typography color="text.secondary">{blocked}</Typography>}
      <div>
        <Button type="submit" variant="contained" disabled={Boolean(blocked)} aria-disabled={formik.isSubmitting || undefined}>
          {formik.isSubmitting ? bundlesCopy.checkingOut : bundlesCopy.checkout}
        </Button>
      </div>
    </Stack>
  );
}
