import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { BooksGrid } from './BooksGrid';
import { insightCopy } from './copy';
import { READ_AGAIN_AFTER_SECONDS, useGetSellerInsightQuery } from './insightApi';
import { useInsightListeners } from './insightListeners';
import { PageHeader } from './PageHeader';
import { usePeriod } from './PeriodPicker';
import { ReliabilitySection } from './ReliabilitySection';
import { SellerCharts } from './SellerCharts';
import { isQuiet, sellerCards } from './sellerFigures';
import { StatCards } from './StatCards';

/**
 * `/dashboard/stats` (sellers, an admin who sells too): the shop's totals over the period chosen
 * against the period before, its charts (each also a table and a CSV), its books and its record.
 */
export function Component() {
  useInsightListeners();
  const [days, setDays] = usePeriod();
  const insight = useGetSellerInsightQuery(days, { refetchOnMountOrArgChange: READ_AGAIN_AFTER_SECONDS });
  // The last figures stay on screen, under a progress bar, while another period's arrive; not once that failed.
  const shown = insight.currentData ?? (insight.isFetching ? insight.data : undefined);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={insightCopy.statsTitle} intro={insightCopy.statsIntro} days={days} onDays={setDays} range={insight.currentData} />
      {insight.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadFailed what={insightCopy.failed} error={insight.error} retrying={insight.isFetching} onRetry={() => void insight.refetch()} />
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
            {isQuiet(shown.totals) && (
              <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                {insightCopy.nothingYet}
              </Typography>
            )}
            <StatCards cards={sellerCards(shown)} days={days} label={insightCopy.totals} />
          </Box>
          <SellerCharts insight={shown} days={days} />
          <BooksGrid days={days} />
          <ReliabilitySection record={shown.reliability} />
        </Stack>
      )}
    </Box>
  );
}
