import Box from '@mui/material/Box';
import { formatUsd } from '../../lib/money';
import { ChartPanel } from './ChartPanel';
import { DayLines, MonthBars, ShareDonut } from './charts';
import { insightCopy } from './copy';
import { formatDay, formatFigure, formatMonth } from './figures';
import { FigureTable, type FigureColumn } from './FigureTable';
import { adminCsv } from './insightApi';
import { panelGrid } from './SellerCharts';
import { stateRows } from './sellerFigures';
import type { AdminDay, AdminInsight, AdminMonth, PeriodDays } from './types';

const words = insightCopy.columns;
const count = (value: number) => formatFigure(value, 'count');

const dailyColumns: FigureColumn<AdminDay>[] = [
  { key: 'day', label: words.day, cell: (row) => formatDay(row.day) },
  { key: 'views', label: words.views, cell: (row) => count(row.views), numeric: true },
  { key: 'orders', label: words.orders, cell: (row) => count(row.orders), numeric: true },
  { key: 'sales', label: words.sales, cell: (row) => formatUsd(row.revenue), numeric: true },
  { key: 'commission', label: words.commission, cell: (row) => formatUsd(row.commission), numeric: true },
];
const monthlyColumns: FigureColumn<AdminMonth>[] = [
  { key: 'month', label: words.month, cell: (row) => formatMonth(row.month) },
  { key: 'orders', label: words.orders, cell: (row) => count(row.orders), numeric: true },
  { key: 'sales', label: words.sales, cell: (row) => formatUsd(row.revenue), numeric: true },
  { key: 'commission', label: words.commission, cell: (row) => formatUsd(row.commission), numeric: true },
];
const stateColumns: FigureColumn<{ id: string; label: string; value: number }>[] = [
  { key: 'state', label: words.state, cell: (row) => row.label },
  { key: 'orders', label: words.orders, cell: (row) => count(row.value), numeric: true },
];

const noSales = (rows: { revenue: number; commission: number }[]) => rows.every((row) => row.revenue === 0 && row.commission === 0);

/** The marketplace's charts: sales and commission per day and per month, and its orders by state. */
export function AdminCharts({ insight, days }: { insight: AdminInsight; days: PeriodDays }) {
  const { daily, monthly, ordersByState } = insight;
  const charts = insightCopy.charts;
  const states = stateRows(ordersByState);
  const moneySeries = (rows: { revenue: number; commission: number }[]) => [
    { label: words.sales, data: rows.map((row) => row.revenue), kind: 'money' as const },
    { label: words.commission, data: rows.map((row) => row.commission), kind: 'money' as const },
  ];
  return (
    <Box sx={panelGrid}>
      <ChartPanel
        title={charts.adminDaily}
        empty={noSales(daily) ? insightCopy.empty.adminDaily : undefined}
        csv={adminCsv(days, 'daily')}
        table={<FigureTable label={charts.adminDaily} columns={dailyColumns} rows={daily} rowKey={(row) => row.day} />}
        chart={() => <DayLines label={charts.adminDaily} days={daily.map((day) => day.day)} series={moneySeries(daily)} />}
      />
      <ChartPanel
        title={charts.adminMonthly}
        empty={noSales(monthly) ? insightCopy.empty.adminDaily : undefined}
        csv={adminCsv(days, 'monthly')}
        table={<FigureTable label={charts.adminMonthly} columns={monthlyColumns} rows={monthly} rowKey={(row) => row.month} />}
        chart={() => <MonthBars label={charts.adminMonthly} months={monthly.map((month) => month.month)} series={moneySeries(monthly)} />}
      />
      <ChartPanel
        title={charts.ordersByState}
        empty={states.every((state) => state.value === 0) ? insightCopy.empty.ordersByState : undefined}
        csv={adminCsv(days, 'ordersByState')}
        table={<FigureTable label={charts.ordersByState} columns={stateColumns} rows={states} rowKey={(row) => row.id} />}
        chart={() => <ShareDonut label={charts.ordersByState} slices={states} />}
      />
    </Box>
  );
}
