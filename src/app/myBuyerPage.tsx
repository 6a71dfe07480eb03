import { MyBuyerPage } from '../features/products/MyBuyerPage';
import { orderRowDetails } from './orderRowDetails';

const details = orderRowDetails('seller');

/** `/dashboard/mybuyer`: My Buyer, each row with its order's timeline and the seller's moves. */
export function Component() {
  return <MyBuyerPage orderDetails={details} />;
}
