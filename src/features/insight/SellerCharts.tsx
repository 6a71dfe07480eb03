import Box from '@mui/material/Box';
import { formatUsd } from '../../lib/money';
import { ChartPanel } from './ChartPanel';
import { DayLines, RankBars, ShareDonut } from './charts';
import { insightCopy } from './copy';
import { formatDay, formatFigure } from './figures';
import { FigureTable, type FigureColumn } from './FigureTable';
import { sellerCsv } from './insightApi';
import { stateRows } from './sellerFigures';
import type { PeriodDays, SellerDay, SellerInsight, TopByFavourites, TopByViews } from './types';

const words = insightCopy.columns;
const count = (value: number) => formatFigure(value, 'count');

const dailyColumns: FigureColumn<SellerDay>[] = [
  { key: 'day', label: words.day, cell: (row) => formatDay(row.day) },
  { key: 'views', label: words.views, cell: (row) => count(row.views), numeric: true },
  { key: 'orders', label: words.orders, cell: (row) => count(row.orders), numeric: true },
  { key: 'revenue', label: words.revenue, cell: (row) => formatUsd(row.revenue), numeric: true },
];
const viewsColumns: FigureColumn<TopByViews>[] = [
  { key: 'book', label: words.book, cell: (row) => row.name },
  { key: 'views', label: words.views, cell: (row) => count(row.views), numeric: true },
];
const favouritesColumns: FigureColumn<TopByFavourites>[] = [
  { key: 'book', label: words.book, cell: (row) => row.name },
  { key: 'favourites', label: words.favourites, cell: (row) => count(row.favourites), numeric: true },
];
const stateColumns: FigureColumn<{ id: string; label: string; value: number }>[] = [
  { key: 'state', label: words.state, cell: (row) => row.label },
  { key: 'orders', label: words.orders, cell: (row) => count(row.value), numeric: true },
];

/** Two columns of panels on a wide screen, one on a phone. */
export const panelGrid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } } as const;

/** The seller's charts: revenue and orders per day, the top books by views and by favourites, orders by state. */
export function SellerCharts({ insight, days }: { insight: SellerInsight; days: PeriodDays }) {
  const { daily, topByViews, topByFavourites, ordersByState } = insight;
  const charts = insightCopy.charts;
  const states = stateRows(ordersByState);
  const noDays = daily.every((day) => day.views === 0 && day.orders === 0 && day.revenue === 0);
  return (
    <Box sx={panelGrid}>
      <ChartPanel
        title={charts.sellerDaily}
        empty={noDays ? insightCopy.empty.sellerDaily : undefined}
        csv={sellerCsv(days, 'daily')}
        table={<FigureTable label={charts.sellerDaily} columns={dailyColumns} rows={daily} rowKey={(row) => row.day} />}
        chart={() => (
          <DayLines
            label={charts.sellerDaily}
            days={daily.map((day) => day.day)}
            series={[
              { label: words.revenue, data: daily.map((day) => day.revenue), kind: 'money' },
              { label: words.orders, data: daily.map((day) => day.orders), kind: 'count', right: true },
            ]}
          />
        )}
      />
      <ChartPanel
        title={charts.ordersByState}
        empty={states.every((state) => state.value === 0) ? insightCopy.empty.ordersByState : undefined}
        csv={sellerCsv(days, 'ordersByState')}
        table={<FigureTable label={charts.ordersByState} columns={stateColumns} rows={states} rowKey={(row) => row.id} />}
        chart={() => <ShareDonut label={charts.ordersByState} slices={states} />}
      />
      <ChartPanel
        title={charts.topByViews}
        empty={topByViews.length === 0 ? insightCopy.empty.topByViews : undefined}
        csv={sellerCsv(days, 'topByViews')}
        table={topByViews.length ? <FigureTable label={charts.topByViews} columns={viewsColumns} rows={topByViews} rowKey={(row) => row.bookId} /> : null}
        chart={() => (
          <RankBars
            label={charts.topByViews}
            seriesLabel={words.views}
            kind="count"
            names={topByViews.map((book) => book.name)}
            values={topByViews.map((book) => book.views)}
          />
        )}
      />
      <ChartPanel
        title={charts.topByFavourites}
        empty={topByFavourites.length === 0 ? insightCopy.empty.topByFavourites : undefined}
        csv={sellerCsv(days, 'topByFavourites')}
        table={
          topByFavourites.length ? (
            <FigureTable label={charts.topByFavourites} columns={favouritesColumns} rows={topByFavourites} rowKey={(row) => row.bookId} />
          ) : null
        }
        chart={() => (
          <RankBars
            label={charts.topByFavourites}
            seriesLabel={words.favourites}
            kind="count"
            names={topByFavourites.map((book) => book.name)}
            values={topByFavourites.map((book) => book.favourites)}
          />
        )}
      />
    </Box>
  );
}
