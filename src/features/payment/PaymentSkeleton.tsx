import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';

/**
 * The payment page's shape while its booking loads, under the progress bar: the heading, the
 * amount, the card field and the Pay button. Hidden from screen readers: the bar speaks.
 */
export function PaymentSkeleton() {
  return (
    <Paper aria-hidden="true" sx={{ p: { xs: 2, md: 4 }, maxWidth: 560 }}>
      <Skeleton variant="text" sx={{ typography: 'h2', width: '80%', mb: '0.35em' }} />
      <Skeleton variant="text" width="40%" />
      <Box sx={{ mt: 3 }}>
        <Skeleton variant="rounded" height={50} />
        <Skeleton variant="rounded" width={64} height={36} sx={{ mt: 2 }} />
      </Box>
    </Paper>
  );
}
