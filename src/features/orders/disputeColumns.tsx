import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { disputesCopy } from './copy';
import { paths } from '../../config/paths';
import { formatDollars } from '../../lib/money';
import { formatMoment } from '../../lib/orders';
import type { Order, OrderMove, OrderStep } from '../../types/entities';

/** How a dispute is settled from the grid. */
export type Settlement = Extract<OrderMove, 'refunded' | 'completed'>;

/** What a row's buttons ask for: a settlement, confirmed in a dialog with a reason. */
export type OnSettle = (order: Order, to: Settlement) => void;

/** The buyer's report: the timeline's last `disputed` step (when, and in their words why). */
const disputeStep = (order: Order): OrderStep | undefined => [...order.timeline].reverse().find((step) => step.state === 'disputed');

export const buyerReason = (order: Order): string => disputeStep(order)?.reason ?? '';

const fixed = { sortable: false, filterable: false, disableColumnMenu: true } as const;
const wrapping = { overflowWrap: 'anywhere', whiteSpace: 'pre-line' } as const;

function BookLink({ order }: { order: Order }) {
  return (
    <Link component={RouterLink} to={paths.order(order._id)}>
      {order.bookName}
    </Link>
  );
}

/** Refund or complete, each button named by the book it settles. */
function SettleButtons({ order, onSettle, stacked }: { order: Order; onSettle: OnSettle; stacked?: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: stacked ? 'column' : 'row', flexWrap: 'wrap', gap: 0.5, py: 0.5 }}>
      <Button size="small" variant="outlined" color="error" aria-label={disputesCopy.refundLabel(order.bookName)} onClick={() => onSettle(order, 'refunded')}>
        {disputesCopy.refund}
      </Button>
      <Button size="small" variant="outlined" aria-label={disputesCopy.completeLabel(order.bookName)} onClick={() => onSettle(order, 'completed')}>
        {disputesCopy.complete}
      </Button>
    </Box>
  );
}

const totalText = (order: Order) => formatDollars(order.total);
const reportedText = (order: Order) => {
  const at = disputeStep(order)?.at;
  return at ? formatMoment(at) : '';
};

/** The admin's disputes: which book, who is on each side, how much, since when, why, and the two ways to settle it. */
export function disputeColumns(onSettle: OnSettle): GridColDef<Order>[] {
  return [
    { ...fixed, field: 'bookName', headerName: disputesCopy.book, flex: 1, minWidth: 140, renderCell: ({ row }) => <BookLink order={row} /> },
    { ...fixed, field: 'cusTomername', headerName: disputesCopy.buyer, flex: 0.8, minWidth: 110 },
    { ...fixed, field: 'sellerName', headerName: disputesCopy.seller, flex: 0.8, minWidth: 110 },
    { ...fixed, field: 'total', headerName: disputesCopy.total, width: 90, valueGetter: (_value, row) => totalText(row) },
    { ...fixed, field: 'reported', headerName: disputesCopy.since, width: 140, valueGetter: (_value, row) => reportedText(row) },
    {
      ...fixed,
      field: 'reason',
      headerName: disputesCopy.reason,
      flex: 1.4,
      minWidth: 180,
      valueGetter: (_value, row) => buyerReason(row),
      renderCell: ({ value }) => <Box sx={wrapping}>{value}</Box>,
    },
    { ...fixed, field: '__settle', headerName: disputesCopy.actions, width: 190, renderCell: ({ row }) => <SettleButtons order={row} onSettle={onSettle} /> },
  ];
}

/** One part of the order under its name, for the phone's one-column view. */
function Part({ name, value }: { name: string; value: string }) {
  return (
    <Box>
      <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary', fontSize: '0.8rem' }}>
        {name}
      </Box>
      <Box component="dd" sx={{ m: 0, ...wrapping }}>
        {value}
      </Box>
    </Box>
  );
}

/**
 * The disputes on a phone: the whole order in one column, each part under its name, and the two
 * buttons beside it, so every part and both actions are on screen without scrolling the grid sideways.
 */
export function compactDisputeColumns(onSettle: OnSettle): GridColDef<Order>[] {
  return [
    {
      ...fixed,
      field: 'bookName',
      headerName: disputesCopy.order,
      flex: 1,
      minWidth: 0,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
          <BookLink order={row} />
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
            <Part name={disputesCopy.buyer} value={row.cusTomername} />
            <Part name={disputesCopy.seller} value={row.sellerName} />
            <Part name={disputesCopy.total} value={totalText(row)} />
            <Part name={disputesCopy.since} value={reportedText(row)} />
            {buyerReason(row) && <Part name={disputesCopy.reason} value={buyerReason(row)} />}
          </Box>
        </Box>
      ),
    },
    { ...fixed, field: '__settle', headerName: disputesCopy.actions, width: 112, renderCell: ({ row }) => <SettleButtons order={row} onSettle={onSettle} stacked /> },
  ];
}
