import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { UserScore } from '../../components/UserScore';
import { copy } from '../../config/copy';
import { orderCopy } from './copy';
import { formatMoment, stateLabel } from '../../lib/orders';
import { formatDollars, formatUsd } from '../../lib/money';
import { severalBooksOf } from '../../lib/orderLines';
import type { Order } from '../../types/entities';

/** A term and its value, as one line of a description list. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
        {term}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

const detailsSx = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 };

/** An order of several books: each at its price, then the bundle's discount when there was one. */
function LinePrices({ order }: { order: Order }) {
  return (
    <>
      {severalBooksOf(order).map((line, index) => (
        <Detail key={`${line.bookId}-${index}`} term={line.name}>
          {formatDollars(line.price)}
        </Detail>
      ))}
      {order.discount !== undefined && order.discount > 0 && (
        <Detail term={orderCopy.discount}>{orderCopy.minus(formatDollars(order.discount))}</Detail>
      )}
    </>
  );
}

/** Prices and delivery: what is paid (book by book when there are several), and how the books travel. */
export function OrderFacts({ order }: { order: Order }) {
  const { delivery } = order;
  const several = severalBooksOf(order).length > 0;
  return (
    <Box component="dl" sx={detailsSx}>
      <Detail term={order.viewer === 'seller' ? orderCopy.buyer : orderCopy.seller}>
        {order.viewer === 'seller' ? order.cusTomername : order.sellerName}
      </Detail>
      {/* Only to its seller: what other sellers say of the buyer. */}
      {order.buyerScore && (
        <Detail term={copy.reviews.buyerScore}>
          <UserScore score={order.buyerScore} />
        </Detail>
      )}
      {several ? <LinePrices order={order} /> : <Detail term={orderCopy.price}>{formatDollars(order.resale_price)}</Detail>}
      {order.shipping_price > 0 && <Detail term={orderCopy.shipping}>{formatDollars(order.shipping_price)}</Detail>}
      {(several || order.total !== order.resale_price) && <Detail term={orderCopy.total}>{formatDollars(order.total)}</Detail>}
      {/* Only to its seller and admins: the total less the commission fixed when it was paid. */}
      {order.sellerReceives !== undefined && (
        <Detail term={order.viewer === 'seller' ? copy.sellerTake.youReceive : copy.sellerTake.sellerReceives}>
          {formatUsd(order.sellerReceives)}
        </Detail>
      )}
      <Detail term={orderCopy.delivery}>
        {delivery.method === 'shipping' ? orderCopy.shippingTo(delivery.address ?? '') : orderCopy.meetup}
      </Detail>
      {delivery.carrier && <Detail term={orderCopy.carrier}>{delivery.carrier}</Detail>}
      {delivery.tracking && <Detail term={orderCopy.tracking}>{delivery.tracking}</Detail>}
    </Box>
  );
}

/**
 * Every step the order took, oldest first, with when and (for a settled dispute, a refund) why.
 * `dense`: the smaller print of a list's row.
 */
export function OrderTimeline({ order, dense = false }: { order: Pick<Order, 'timeline'>; dense?: boolean }) {
  const text = dense ? 'body2' : 'body1';
  return (
    <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: dense ? 0.5 : 1, typography: text }}>
      {order.timeline.map((step) => (
        <li key={`${step.state}-${step.at}`}>
          <Typography component="span" variant={text} sx={{ fontWeight: 600 }}>
            {stateLabel(step.state)}
          </Typography>{' '}
          <Typography component="time" variant={text} dateTime={step.at} color="text.secondary">
            {formatMoment(step.at)}
          </Typography>
          {step.reason && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {copy.order.reason(step.reason)}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}
