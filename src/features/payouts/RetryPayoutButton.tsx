import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { payoutsCopy } from './copy';
import { payoutToasts } from './toasts';
import { formatUsd } from '../../lib/money';
import type { AdminPayout } from './types';
import { useRetryPayoutMutation } from './payoutsApi';

/**
 * Retry a failed payout (a word follows, from the payouts listeners). Named with the amount and
 * the seller, as the grid holds one per failed row; busy while the retry runs, keeping the focus.
 */
export function RetryPayoutButton({ payout }: { payout: AdminPayout }) {
  const [retry, { isLoading }] = useRetryPayoutMutation();
  const seller = payout.sellerName || payout.sellerEmail || payoutToasts.noSeller;
  return (
    <Button
      variant="outlined"
      size="small"
      aria-label={payoutsCopy.retryLabel(formatUsd(payout.amount), seller)}
      aria-disabled={isLoading}
      aria-busy={isLoading}
      startIcon={isLoading ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
      onClick={() => {
        if (!isLoading) void retry({ _id: payout._id, sellerName: payout.sellerName, sellerEmail: payout.sellerEmail });
      }}
    >
      {payoutsCopy.retry}
    </Button>
  );
}
