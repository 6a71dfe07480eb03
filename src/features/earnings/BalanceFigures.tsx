import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { earningsCopy } from './copy';
import { formatUsd } from '../../lib/money';
import type { EarningsBalance } from '../../types/entities';

const FIGURES: ReadonlyArray<{ key: keyof EarningsBalance; label: string; hint: string }> = [
  { key: 'pending', label: earningsCopy.pending, hint: earningsCopy.pendingHint },
  { key: 'available', label: earningsCopy.available, hint: earningsCopy.availableHint },
  { key: 'inTransit', label: earningsCopy.inTransit, hint: earningsCopy.inTransitHint },
  { key: 'paidOut', label: earningsCopy.paidOut, hint: earningsCopy.paidOutHint },
];

/**
 * The balance as four figures, a description list (each figure's name, its amount, what it
 * means), so a screen reader reads each name with its amount. Two a row on a phone, four on a
 * wide screen. Without a balance yet, the amounts are placeholders.
 */
export function BalanceFigures({ balance }: { balance?: EarningsBalance }) {
  return (
    <Box
      component="dl"
      aria-busy={!balance}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(136px, 1fr))', gap: 2, m: 0 }}
    >
      {FIGURES.map(({ key, label, hint }) => (
        <Paper key={key} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'h5', fontWeight: 600, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}>
            {balance ? formatUsd(balance[key]) : <Skeleton variant="text" width="5ch" aria-hidden="true" />}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'body2', color: 'text.secondary' }}>
            {hint}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
