import Stack from '@mui/material/Stack';
import { Disclosure } from '../components/Disclosure';
import { copy } from '../config/copy';
import { OrderActions } from '../features/orders/OrderActions';
import { OrderTimeline } from '../features/orders/OrderDetails';
import { orderName } from '../lib/orderLines';
import type { Booking, OrderViewer } from '../types/entities';

interface Props {
  booking: Booking;
  /** Who reads the list when the answer does not say (My Orders: the buyer; My Buyer: the seller). */
  side: OrderViewer;
}

/**
 * An order in a row of My Orders or My Buyer: its steps with their dates (folded, so that the
 * list stays short) and the moves its reader may make now, as on the order page (the same
 * dialogs, toasts and refetches). An older answer, without them, shows nothing.
 */
function OrderInRow({ booking, side }: Props) {
  const timeline = booking.timeline ?? [];
  const order = { _id: booking._id, bookName: orderName(booking), actions: booking.actions ?? [], viewer: booking.viewer ?? side };
  if (timeline.length === 0 && booking.actions === undefined) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {timeline.length > 0 && (
        <Disclosure label={copy.order.timeline}>
          <OrderTimeline order={{ timeline }} dense />
        </Disclosure>
      )}
      <OrderActions order={order} compact />
    </Stack>
  );
}

/** The orders feature's part of a list's rows, for the lists (bookings, products) that know no order internals. */
export const orderRowDetails = (side: OrderViewer) =>
  function details(booking: Booking) {
    return <OrderInRow booking={booking} side={side} />;
  };
