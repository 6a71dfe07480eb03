import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { payoutsCopy } from './copy';
import { payoutToasts } from './toasts';
import { formatUsd } from '../../lib/money';
import { formatMoment } from '../../lib/orders';
import { shortId } from '../../lib/shortId';
import type { PayoutState } from '../../types/entities';
import type { AdminPayout } from './types';
import { RetryPayoutButton } from './RetryPayoutButton';

/** How each state looks: its name always, in colour too; a failure stands out (filled, red). */
const STATE_COLORS: Record<PayoutState, 'default' | 'info' | 'success' | 'error'> = {
  created: 'default',
  in_transit: 'info',
  paid: 'success',
  failed: 'error',
};

function PayoutStateCell({ payout }: { payout: AdminPayout }) {
  const failed = payout.state === 'failed';
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={STATE_COLORS[payout.state]}
        variant={failed ? 'filled' : 'outlined'}
        label={payoutsCopy.states[payout.state]}
        sx={failed ? { fontWeight: 700 } : undefined}
      />
      {failed && payout.failureMessage && (
        <Typography variant="body2" sx={{ color: 'error.dark', overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {payout.failureMessage}
        </Typography>
      )}
    </Stack>
  );
}

/** Two lines: a name over its email. */
function SellerCell({ payout }: { payout: AdminPayout }) {
  return (
    <Stack sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {payout.sellerName || payoutToasts.noSeller}
      </Typography>
      {payout.sellerEmail && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {payout.sellerEmail}
        </Typography>
      )}
    </Stack>
  );
}

function OriginCell({ payout }: { payout: AdminPayout }) {
  return (
    <Stack>
      <Typography variant="body2">{payoutsCopy.origins[payout.origin]}</Typography>
      {payout.retryOf && (
        <Typography variant="body2" color="text.secondary" title={payout.retryOf}>
          {payoutsCopy.retryOf(shortId(payout.retryOf))}
        </Typography>
      )}
    </Stack>
  );
}

/** The admin's payouts: whose, how much, where it stands (and why it failed), who started it, when; Retry on a failure. */
export const payoutColumns: GridColDef<AdminPayout>[] = [
  {
    field: 'seller',
    headerName: payoutsCopy.seller,
    flex: 1.4,
    minWidth: 180,
    sortable: false,
    valueGetter: (_value, row) => row.sellerName ?? row.sellerEmail ?? '',
    renderCell: ({ row }) => <SellerCell payout={row} />,
  },
  {
    field: 'amount',
    headerName: payoutsCopy.amount,
    width: 110,
    sortable: false,
    valueFormatter: (value: number | undefined) => (value === undefined ? '' : formatUsd(value)),
  },
  {
    field: 'state',
    headerName: payoutsCopy.state,
    flex: 1.2,
    minWidth: 160,
    sortable: false,
    renderCell: ({ row }) => <PayoutStateCell payout={row} />,
  },
  {
    field: 'origin',
    headerName: payoutsCopy.origin,
    flex: 1,
    minWidth: 150,
    sortable: false,
    renderCell: ({ row }) => <OriginCell payout={row} />,
  },
  {
    field: 'createdAt',
    headerName: payoutsCopy.created,
    width: 170,
    sortable: false,
    valueFormatter: (value: string | undefined) => (value ? formatMoment(value) : ''),
  },
  {
    field: 'action',
    headerName: payoutsCopy.action,
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (row.state === 'failed' ? <RetryPayoutButton payout={row} /> : null),
  },
];
