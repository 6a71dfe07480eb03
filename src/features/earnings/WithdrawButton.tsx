import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { earningsCopy } from './copy';
import { formatUsd } from '../../lib/money';
import { useWithdrawEarningsMutation } from './earningsApi';

/**
 * Withdraw: what is available goes to the bank now (a word follows, from the earnings listeners).
 * Below the smallest payout it cannot be pressed, and says why beside it.
 */
export function WithdrawButton({ available, payoutMin }: { available: number; payoutMin: number }) {
  const [withdraw, { isLoading }] = useWithdrawEarningsMutation();
  const hintId = useId();
  const enough = available >= payoutMin;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        disabled={!enough}
        aria-disabled={isLoading || undefined}
        aria-busy={isLoading}
        aria-describedby={hintId}
        startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        onClick={() => {
          if (!isLoading) void withdraw();
        }}
      >
        {earningsCopy.withdraw}
      </Button>
      <Typography id={hintId} color="text.secondary">
        {enough ? earningsCopy.withdrawHint(formatUsd(available)) : earningsCopy.nothingToWithdraw(formatUsd(payoutMin))}
      </Typography>
    </Stack>
  );
}
