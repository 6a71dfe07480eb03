import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { AdminCharts } from './AdminCharts';
import { adminCards, payoutCards } from './adminFigures';
import { insightCopy } from './copy';
import { CsvButton } from './CsvButton';
import { adminCsv, READ_AGAIN_AFTER_SECONDS, useGetAdminInsightQuery } from './insightApi';
import { useInsightListeners } from './insightListeners';
import { PageHeader } from './PageHeader';
import { usePeriod } from './PeriodPicker';
import { StatCards } from './StatCards';

/**
 * `/dashboard/insight` (admins): the marketplace's totals over the period chosen against the
 * period before, its payouts, and its charts (each also a table and a CSV).
 */
export function Component() {
  useInsightListeners();
  const [days, setDays] = usePeriod();
  const insight = useGetAdminInsightQuery(days, { refetchOnMountOrArgChange: READ_AGAIN_AFTER_SECONDS });
  // The last figures stay on screen, under a progress bar, while another period's arrive; not once that failed.
  const shown = insight.currentData ?? (insight.isFetching ? insight.data : undefined);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={insightCopy.insightTitle} intro={insightCopy.insightIntro} days={days} onDays={setDays} range={insight.currentData} />
      {insight.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadFailed what={insightCopy.adminFailed} error={insight.error} retrying={insight.isFetching} onRetry={() => void insight.refetch()} />
        </Box>
      )}
      {insight.isLoading && <PageProgress />}
      {shown && (
        <Stack spacing={3} sx={{ opacity: insight.isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {insight.isFetching && <LinearProgress aria-label={copy.loading} sx={{ position: 'sticky', top: 0, zIndex: 1 }} />}
          <Box component="section" aria-labelledby="insight-totals">
            <Typography id="insight-totals" variant="h5" component="h2" gutterBottom>
              {insightCopy.totals}
            </Typography>
            <StatCards cards={adminCards(shown)} days={days} label={insightCopy.totals} />
          </Box>
          <Paper component="section" aria-labelledby="insight-payouts" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography id="insight-payouts" variant="h6" component="h2" gutterBottom>
              {insightCopy.charts.payouts}
            </Typography>
            <Box sx={{ mb: 1.5 }}>
              <StatCards cards={payoutCards(shown)} days={days} label={insightCopy.charts.payouts} />
            </Box>
            <CsvButton file={adminCsv(days, 'payouts')} />
          </Paper>
          <AdminCharts insight={shown} days={days} />
        </Stack>
      )}
    </Box>
  );
}
