import { OrderPage, type OrderExtras } from '../features/orders/OrderPage';
import { ReviewPanel } from '../features/reviews/ReviewPanel';
import { ThreadPanel } from '../features/messages/ThreadPanel';

/** What other features add to an order's page: the orders feature knows none of them. */
const extras: OrderExtras = (order) => (
  <>
    <ReviewPanel order={order} />
    {/* An order's thread has the booking's id; an admin reads a reported one from the reports. */}
    {order.viewer !== 'admin' && <ThreadPanel threadId={order._id} />}
  </>
);

/** `/dashboard/orders/:id`: the order page with its reviews and its messages. */
export function Component() {
  return <OrderPage extras={extras} />;
}
