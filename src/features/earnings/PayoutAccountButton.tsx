import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useLinkPayoutAccountMutation } from './earningsApi';

/** The button and the expired link's return ask for the same link: both show it on its way. */
export const PAYOUT_LINK = 'payout-account-link';

/**
 * Set up, continue or update payouts: asks for the provider's page (the earnings listeners go
 * there). Busy from the press until the page is left; marked, not disabled, so it keeps the focus.
 */
export function PayoutAccountButton({ label }: { label: string }) {
  const [link, { isLoading, isSuccess }] = useLinkPayoutAccountMutation({ fixedCacheKey: PAYOUT_LINK });
  const busy = isLoading || isSuccess;
  return (
    <Button
      variant="contained"
      aria-disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      onClick={() => {
        if (!busy) void link();
      }}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}
