import { MyOrdersPage } from '../features/bookings/MyOrdersPage';
import { orderRowDetails } from './orderRowDetails';

const details = orderRowDetails('buyer');

/** `/dashboard`: My Orders, each row with its order's timeline and the buyer's moves. */
export function Component() {
  return <MyOrdersPage orderDetails={details} />;
}
