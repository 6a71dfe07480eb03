import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useFormik, type FormikErrors } from 'formik';
import { useState } from 'react';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { useAppSelector } from '../../app/hooks';
import { copy } from '../../config/copy';
import type { Book, DeliveryMethod, DeliveryOffer } from '../../types/entities';
import { DeliveryChoice } from './DeliveryChoice';
import { selectUser } from '../auth/authSlice';
import { useCreateBookingMutation } from '../bookings/bookingsApi';
import { formatDollars } from '../../lib/money';

interface BookingValues {
  phone: string;
  location: string;
  method: DeliveryMethod;
  address: string;
}

/** The ways the book offers; an older answer without the field offers a meet-up. */
const methodsOf = (delivery: DeliveryOffer | undefined): DeliveryMethod[] => {
  const methods: DeliveryMethod[] = [];
  if (!delivery || delivery.meetup) methods.push('meetup');
  if (delivery?.shipping) methods.push('shipping');
  return methods.length > 0 ? methods : ['meetup'];
};

// Phone and location are free text: the product asks for no validation on them. The address is
// asked only when the book is to be shipped.
function validate({ method, address }: BookingValues): FormikErrors<BookingValues> {
  if (method !== 'shipping') return {};
  const trimmed = address.trim();
  if (!trimmed) return { address: copy.delivery.addressRequired };
  if (trimmed.length > 500) return { address: copy.delivery.addressTooLong };
  return {};
}

interface BookingModalProps {
  /** The book being booked: its id, title, resale price and how it may travel. */
  book: Pick<Book, '_id' | 'name' | 'resale_price' | 'delivery'>;
  open: boolean;
  onClose: () => void;
  /** Called once the dialog has finished closing, so the parent can let go of the book. */
  onExited?: () => void;
}

export function BookingModal({ book, open, onClose, onExited }: BookingModalProps) {
  const user = useAppSelector(selectUser);
  const [createBooking] = useCreateBookingMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const displayName = user?.displayName ?? '';
  const email = user?.email ?? '';
  const titleId = `booking-${book._id}-title`;

  const methods = methodsOf(book.delivery);
  const shippingPrice = book.delivery?.shippingPrice ?? 0;
  const formik = useFormik<BookingValues>({
    initialValues: { phone: '', location: '', method: methods[0], address: '' },
    validate,
    onSubmit: async ({ phone, location, method, address }) => {
      setServerError(null);
      try {
        const answer = await createBooking({
          bookId: book._id,
          bookName: book.name,
          cusTomername: displayName,
          email,
          location,
          phone,
          resale_price: book.resale_price,
          // A meet-up-only book posts the spec's call as it is.
          ...(methods.includes('shipping') ? { delivery: method === 'shipping' ? { method, address: address.trim() } : { method } } : {}),
        }).unwrap();
        if (answer.acknowledged) onClose();
      } catch (error) {
        // The spec only logs booking answers, but a refused booking (e.g. already sold) must not look like success.
        setServerError(errorMessage(error, copy.booking.failed));
      }
    },
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" slotProps={{ transition: { onExited } }}>
      <DialogTitle id={titleId}>{book.name}</DialogTitle>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormTextField label={copy.booking.bookName} name="bookName" value={book.name} readOnly />
          <FormTextField label={copy.booking.price} name="price" value={formatDollars(book.resale_price)} readOnly />
          <FormTextField label={copy.booking.name} name="name" value={displayName} disabled />
          <FormTextField label={copy.booking.email} name="email" type="email" value={email} disabled />
          <FormTextField label={copy.booking.phone} type="tel" autoComplete="tel" {...formik.getFieldProps('phone')} />
          <FormTextField label={copy.booking.location} autoComplete="address-level2" {...formik.getFieldProps('location')} />
          {methods.includes('shipping') && (
            <DeliveryChoice
              methods={methods}
              method={formik.values.method}
              onMethod={(method) => void formik.setFieldValue('method', method)}
              address={formik.getFieldProps('address')}
              addressError={(formik.touched.address && formik.errors.address) || undefined}
              shippingPrice={shippingPrice}
              total={formik.values.method === 'shipping' ? book.resale_price + shippingPrice : book.resale_price}
            />
          )}
          {serverError && (
            <Typography role="alert" color="error">
              {serverError}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{copy.booking.close}</Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {copy.booking.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
