import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useFormik } from 'formik';
import { useId, type ChangeEvent } from 'react';
import * as Yup from 'yup';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { formatUsd } from '../../lib/money';
import type { DeliveryMethod } from '../../types/entities';
import { dollarsOf, offerAmount } from './amounts';
import { offersCopy } from './copy';
import type { MakeOfferProps } from './MakeOffer';
import { useMakeOfferMutation } from './offersApi';
import type { NewOffer } from './types';

interface Values {
  amount: string;
  method: DeliveryMethod;
  address: string;
}

const ADDRESS_MAX = 500;

const schemaFor = (asking: number) =>
  Yup.object({
    amount: offerAmount(asking),
    address: Yup.string()
      .trim()
      .when('method', {
        is: 'shipping',
        then: (rule) => rule.required(offersCopy.errors.address).max(ADDRESS_MAX, offersCopy.errors.addressTooLong),
      }),
  });

type Props = Omit<MakeOfferProps, 'size' | 'sx' | 'describedBy'> & { open: boolean; onClose(): void };

/**
 * The offer's form: the amount (below the asking price, said), how the books would travel (only
 * the ways they offer) and that an offer binds. A refusal (a fourth offer, a book sold meanwhile)
 * is said in the dialog, which stays open; once sent, the listener opens the offer's page.
 */
export default function MakeOfferDialog({ bookIds, asking, deliveries, shippingPrice, subject, open, onClose }: Props) {
  const id = useId();
  const [makeOffer, { isLoading, error, reset }] = useMakeOfferMutation();
  const methods: DeliveryMethod[] = deliveries.length > 0 ? deliveries : ['meetup'];
  const formik = useFormik<Values>({
    initialValues: { amount: '', method: methods[0], address: '' },
    validationSchema: schemaFor(asking),
    onSubmit: async ({ amount, method, address }) => {
      const offer: NewOffer = {
        bookIds,
        amount: dollarsOf(amount),
        delivery: method === 'shipping' ? { method, address: address.trim() } : { method },
      };
      try {
        await makeOffer(offer).unwrap();
        onClose();
      } catch {
        // Said in the dialog: the buyer may change the amount or go back.
      }
    },
  });
  const close = () => {
    if (isLoading) return;
    reset();
    onClose();
  };
  const field = (name: 'amount' | 'address') => {
    const shown = (formik.touched[name] && formik.errors[name]) || undefined;
    return {
      ...formik.getFieldProps(name),
      // The API's word was on what was sent: once a field changes, only its own error stands.
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        if (error) reset();
        formik.handleChange(event);
      },
      error: Boolean(shown),
      helperText: shown,
    };
  };
  const amountField = field('amount');
  const askingWords = formatUsd(asking);

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-subject ${id}-binding`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{offersCopy.dialogTitle}</DialogTitle>
      {/* Marked busy, not disabled, while it is sent (the focus stays): a second press sends nothing. */}
      <form onSubmit={(event) => (formik.isSubmitting ? event.preventDefault() : formik.handleSubmit(event))} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <DialogContentText id={`${id}-subject`} sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
            <strong>{subject}</strong> · {offersCopy.asking(askingWords)}
          </DialogContentText>
          <FormTextField
            label={offersCopy.amount}
            inputMode="decimal"
            autoComplete="off"
            required
            {...amountField}
            helperText={amountField.helperText ?? offersCopy.amountHint(askingWords)}
          />
          <FormControl component="fieldset">
            <FormLabel component="legend" id={`${id}-delivery`}>
              {offersCopy.delivery}
            </FormLabel>
            <RadioGroup row aria-labelledby={`${id}-delivery`} name="method" value={formik.values.method} onChange={formik.handleChange}>
              {methods.includes('meetup') && <FormControlLabel value="meetup" control={<Radio />} label={offersCopy.meetup} />}
              {methods.includes('shipping') && (
                <FormControlLabel value="shipping" control={<Radio />} label={offersCopy.shipping(shippingPrice == null ? null : formatUsd(shippingPrice))} />
              )}
            </RadioGroup>
          </FormControl>
          {formik.values.method === 'shipping' && (
            <FormTextField label={offersCopy.address} autoComplete="street-address" multiline minRows={2} required {...field('address')} />
          )}
          <Alert id={`${id}-binding`} severity="info">
            {offersCopy.binding}
          </Alert>
          {error && <Alert severity="error">{errorMessage(error, offersCopy.makeFailed)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {offersCopy.cancel}
          </Button>
          <Button type="submit" variant="contained" aria-disabled={isLoading || undefined}>
            {isLoading ? offersCopy.sending : offersCopy.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
