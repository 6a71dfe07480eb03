import Typography from '@mui/material/Typography';
import { BooksGrid } from './BooksGrid';
import { insightCopy } from './copy';
import { InsightFrame } from './InsightFrame';
import { READ_AGAIN_AFTER_SECONDS, useGetSellerInsightQuery } from './insightApi';
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
  const [days, setDays] = usePeriod();
  const insight = useGetSellerInsightQuery(days, { refetchOnMountOrArgChange: READ_AGAIN_AFTER_SECONDS });
  return (
    <InsightFrame
      title={insightCopy.statsTitle}
      intro={insightCopy.statsIntro}
      failed={insightCopy.failed}
      days={days}
      onDays={setDays}
      query={insight}
      totals={(shown) => (
        <>
          {isQuiet(shown.totals) && (
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              {insightCopy.nothingYet}
            </Typography>
          )}
          <StatCards cards={sellerCards(shown)} days={days} label={insightCopy.totals} />
        </>
      )}
    >
      {(shown) => (
        <>
          <SellerCharts insight={shown} days={days} />
          <BooksGrid days={days} />
          <ReliabilitySection record={shown.reliability} />
        </>
      )}
    </InsightFrame>
  );
}
