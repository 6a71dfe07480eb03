import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { errorMessage } from '../../api/baseApi';
import { copy } from '../../config/copy';
import type { Booking } from '../../types/entities';
import { useCancelBookingMutation } from './bookingsApi';

const TITLE_ID = 'cancel-booking-title';

interface Props {
  /** The booking to cancel; the dialog is open while one is given. */
  booking: Booking | null;
  onClose: () => void;
}

/** Asks before a booking is cancelled; the toast comes from the bookings listener. */
export function CancelBookingDialog({ booking, onClose }: Props) {
  const [cancelBooking, { isLoading }] = useCancelBookingMutation();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!booking) return;
    try {
      await cancelBooking(booking._id).unwrap();
      close();
    } catch (failure) {
      setError(errorMessage(failure, copy.errors.generic));
    }
  };

  return (
    <Dialog open={booking !== null} onClose={close} aria-labelledby={TITLE_ID}>
      <DialogTitle id={TITLE_ID}>{copy.orders.cancelTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{booking ? copy.orders.cancelMessage(booking.bookName) : null}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          {copy.orders.keep}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          {copy.orders.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
