import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState } from 'react';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { useAppSelector } from '../../app/hooks';
import { copy } from '../../config/copy';
import type { Book } from '../../types/entities';
import { selectUser } from '../auth/authSlice';
import { useCreateBookingMutation } from '../bookings/bookingsApi';
import { formatDollars } from '../../lib/money';

interface BookingValues {
  phone: string;
  location: string;
}

// Phone and location are free text: the product asks for no validation on them.
const initialValues: BookingValues = { phone: '', location: '' };

interface BookingModalProps {
  /** The book being booked: its id, title and resale price are all the modal needs. */
  book: Pick<Book, '_id' | 'name' | 'resale_price'>;
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

  const formik = useFormik<BookingValues>({
    initialValues,
    onSubmit: async ({ phone, location }) => {
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
