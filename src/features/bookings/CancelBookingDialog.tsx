import { errorMessage } from '../../api/baseApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copy } from '../../config/copy';
import type { Booking } from '../../types/entities';
import { useCancelBookingMutation } from './bookingsApi';
import { orderName } from '../../lib/orderLines';

interface Props {
  /** The booking to cancel; the dialog is open while one is given. */
  booking: Booking | null;
  onClose: () => void;
}

/** Asks before a booking is cancelled; the toast comes from the bookings listener. */
export function CancelBookingDialog({ booking, onClose }: Props) {
  const [cancelBooking, { isLoading, error, reset }] = useCancelBookingMutation();
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    if (!booking) return;
    try {
      await cancelBooking(booking._id).unwrap();
      close();
    } catch {
      // The message shows in the dialog; the buyer may retry or keep the booking.
    }
  };
  return (
    <ConfirmDialog
      open={booking !== null}
      title={copy.orders.cancelTitle}
      message={booking ? copy.orders.cancelMessage(orderName(booking)) : ''}
      confirmLabel={copy.orders.cancel}
      cancelLabel={copy.orders.keep}
      busy={isLoading}
      error={error ? errorMessage(error, copy.errors.generic) : null}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
