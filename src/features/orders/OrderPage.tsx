import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { failureKind } from '../../api/errorMessages';
import { LoadFailed } from '../../components/LoadFailed';
import { OrderStatus } from '../../components/OrderStatus';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { orderCopy } from './copy';
import { paths } from '../../config/paths';
import { orderName } from '../../lib/orderLines';
import { formatTime } from '../../lib/orders';
import type { Order } from '../../types/entities';
import { OrderActions } from './OrderActions';
import { OrderFacts, OrderTimeline } from './OrderDetails';
import { useGetOrderQuery } from './ordersApi';

/** Not the reader's order, or none at all (an id of the wrong shape included). */
const isMissing = (error: unknown) => ['notFound', 'invalid', 'refused'].includes(failureKind(error));

function OrderNotFound() {
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {orderCopy.notFound}
      </Typography>
      <Typography sx={{ mb: 2 }}>{orderCopy.notFoundHint}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.dashboard}>
        {orderCopy.toMyOrders}
      </Button>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `order-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The buyer's code for a meet-up, big enough to read out, and the seller's lock-out when codes were wrong. */
function Handover({ order }: { order: Order }) {
  return (
    <>
      {order.handoverCode && (
        <Box role="note" aria-labelledby="handover-code-label" sx={{ border: 2, borderColor: 'primary.main', borderRadius: 1, p: 2 }}>
          <Typography id="handover-code-label" sx={{ fontWeight: 600 }}>
            {orderCopy.handoverCode}
          </Typography>
          <Typography component="p" sx={{ fontSize: '2rem', letterSpacing: '0.3em', fontFamily: 'monospace' }}>
            {order.handoverCode}
          </Typography>
          <Typography variant="body2">{orderCopy.handoverHint}</Typography>
        </Box>
      )}
      {order.codeLockedUntil && new Date(order.codeLockedUntil).getTime() > Date.now() && (
        <Typography role="status" color="warning.dark">
          {orderCopy.codeLocked(formatTime(order.codeLockedUntil))}
        </Typography>
      )}
    </>
  );
}

/** What other features show on an order (its reviews, say): composed in src/app, never imported here. */
export type OrderExtras = (order: Order) => ReactNode;

function OrderView({ order, extras }: { order: Order; extras?: OrderExtras }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {order.img && (
          <Box
            component="img"
            src={order.img}
            alt={orderCopy.cover(orderName(order))}
            sx={{ width: 96, height: 128, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
          />
        )}
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {orderCopy.title(orderName(order))}
          </Typography>
          <OrderStatus state={order.state} deadline={order.deadline} viewer={order.viewer} />
        </Stack>
      </Stack>
      <Handover order={order} />
      <Section title={orderCopy.actions}>
        <OrderActions order={order} />
      </Section>
      {extras?.(order)}
      <Section title={orderCopy.delivery}>
        <OrderFacts order={order} />
      </Section>
      <Section title={copy.order.timeline}>
        <OrderTimeline order={order} />
      </Section>
    </Stack>
  );
}

/** One order, as its buyer, its seller or an admin sees it, with the moves each may make now. */
export function OrderPage({ extras }: { extras?: OrderExtras }) {
  const { id = '' } = useParams();
  const order = useGetOrderQuery(id);
  if (order.data) {
    return (
      <>
        {order.isFetching && <PageProgress />}
        <OrderView order={order.data} extras={extras} />
      </>
    );
  }
  if (order.isError) {
    if (isMissing(order.error)) return <OrderNotFound />;
    return (
      <Box>
        <Typography variant="h2" component="h1" gutterBottom>
          {orderCopy.heading}
        </Typography>
        <LoadFailed what={orderCopy.failed} error={order.error} retrying={order.isFetching} onRetry={() => void order.refetch()} />
      </Box>
    );
  }
  return <PageProgress />;
}

/** The order page alone (src/app composes it with what other features add). */
export function Component() {
  return <OrderPage />;
}
