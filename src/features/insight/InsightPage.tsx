import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AdminCharts } from './AdminCharts';
import { adminCards, payoutCards } from './adminFigures';
import { insightCopy } from './copy';
import { CsvButton } from './CsvButton';
import { InsightFrame } from './InsightFrame';
import { adminCsv, READ_AGAIN_AFTER_SECONDS, useGetAdminInsightQuery } from './insightApi';
import { usePeriod } from './PeriodPicker';
import { StatCards } from './StatCards';

/**
 * `/dashboard/insight` (admins): the marketplace's totals over the period chosen against the
 * period before, its payouts, and its charts (each also a table and a CSV).
 */
export function Component() {
  const [days, setDays] = usePeriod();
  const insight = useGetAdminInsightQuery(days, { refetchOnMountOrArgChange: READ_AGAIN_AFTER_SECONDS });
  return (
    <InsightFrame
      title={insightCopy.insightTitle}
      intro={insightCopy.insightIntro}
      failed={insightCopy.adminFailed}
      days={days}
      onDays={setDays}
      query={insight}
      totals={(shown) => <StatCards cards={adminCards(shown)} days={days} label={insightCopy.totals} />}
    >
      {(shown) => (
        <>
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
        </>
      )}
    </InsightFrame>
  );
}
