import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFeatureListeners } from '../../app/featureListeners';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { insightCopy } from './copy';
import { addInsightListeners } from './insightListeners';
import { PageHeader } from './PageHeader';
import type { DayRange, PeriodDays } from './types';

/** What a Stats or Insight page reads of its query for the period chosen. */
interface PeriodQuery<Figures> {
  currentData?: Figures;
  data?: Figures;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch(): unknown;
}

interface Props<Figures> {
  title: string;
  intro: string;
  /** The sentence shown when the figures could not be loaded. */
  failed: string;
  days: PeriodDays;
  onDays(days: PeriodDays): void;
  query: PeriodQuery<Figures>;
  /** The page's sections, under the totals heading, for the figures shown. */
  totals(figures: Figures): ReactNode;
  children(figures: Figures): ReactNode;
}

/**
 * The frame the Stats and Insight pages share: the header with its period, a failure with Retry,
 * the progress while the first figures load, and the figures themselves (the totals, then the
 * page's own sections). The last figures stay on screen, dimmed under a progress bar, while
 * another period's arrive; not once that failed. The CSV buttons' listener is there while it is.
 */
export function InsightFrame<Figures extends { period: DayRange; previous: DayRange }>({
  title,
  intro,
  failed,
  days,
  onDays,
  query,
  totals,
  children,
}: Props<Figures>) {
  useFeatureListeners(addInsightListeners);
  const shown = query.currentData ?? (query.isFetching ? query.data : undefined);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={title} intro={intro} days={days} onDays={onDays} range={query.currentData} />
      {query.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadFailed what={failed} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
        </Box>
      )}
      {query.isLoading && <PageProgress />}
      {shown && (
        <Stack spacing={3} sx={{ opacity: query.isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {query.isFetching && <LinearProgress aria-label={copy.loading} sx={{ position: 'sticky', top: 0, zIndex: 1 }} />}
          <Box component="section" aria-labelledby="insight-totals">
            <Typography id="insight-totals" variant="h5" component="h2" gutterBottom>
              {insightCopy.totals}
            </Typography>
            {totals(shown)}
          </Box>
          {children(shown)}
        </Stack>
      )}
    </Box>
  );
}
