import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import { formatFigure, formatMonth, formatShortDay, type FigureKind } from './figures';

/** One line or set of bars: its name, its numbers and how they read. */
export interface ChartSeries {
  label: string;
  data: number[];
  kind: FigureKind;
  /** Drawn against a second scale on the right (orders beside dollars). */
  right?: boolean;
}

const HEIGHT = 280;

const formatterOf = (kind: FigureKind) => (value: number | null) => (value === null ? '' : formatFigure(value, kind));

/**
 * The chart as one image to a screen reader, named for what it shows: its numbers are in the
 * table its panel switches to, which reads far better than the drawing's parts.
 */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      {children}
    </Box>
  );
}

const yAxes = (series: ChartSeries[]) => {
  const left = series.find((line) => !line.right) ?? series[0];
  const right = series.find((line) => line.right);
  return [
    { id: 'left', valueFormatter: formatterOf(left.kind), width: 64 },
    ...(right ? [{ id: 'right', position: 'right' as const, valueFormatter: formatterOf(right.kind), width: 48 }] : []),
  ];
};

/** Figures per day, one line each, oldest day first. */
export function DayLines({ label, days, series }: { label: string; days: string[]; series: ChartSeries[] }) {
  return (
    <Figure label={label}>
      <LineChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'point', data: days, valueFormatter: formatShortDay }]}
        yAxis={yAxes(series)}
        series={series.map((line) => ({
          label: line.label,
          data: line.data,
          yAxisId: line.right ? 'right' : 'left',
          valueFormatter: formatterOf(line.kind),
          showMark: days.length <= 31,
        }))}
      />
    </Figure>
  );
}

/** Figures per month, bars side by side. */
export function MonthBars({ label, months, series }: { label: string; months: string[]; series: ChartSeries[] }) {
  return (
    <Figure label={label}>
      <BarChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'band', data: months, valueFormatter: formatMonth }]}
        yAxis={yAxes(series)}
        series={series.map((bars) => ({ label: bars.label, data: bars.data, yAxisId: bars.right ? 'right' : 'left', valueFormatter: formatterOf(bars.kind) }))}
      />
    </Figure>
  );
}

/** A ranking: one bar per name, the first at the top. */
export function RankBars({ label, names, values, kind, seriesLabel }: { label: string; names: string[]; values: number[]; kind: FigureKind; seriesLabel: string }) {
  return (
    <Figure label={label}>
      <BarChart
        height={Math.max(160, names.length * 44 + 48)}
        layout="horizontal"
        hideLegend
        yAxis={[{ scaleType: 'band', data: names, width: 140 }]}
        xAxis={[{ valueFormatter: formatterOf(kind), tickMinStep: 1 }]}
        series={[{ label: seriesLabel, data: values, valueFormatter: formatterOf(kind) }]}
      />
    </Figure>
  );
}

/** Shares of a whole as a ring; slices of 0 are left out. */
export function ShareDonut({ label, slices }: { label: string; slices: { id: string; label: string; value: number }[] }) {
  return (
    <Figure label={label}>
      <PieChart
        height={240}
        series={[
          {
            data: slices.filter((slice) => slice.value > 0),
            innerRadius: '55%',
            paddingAngle: 1,
            cornerRadius: 3,
            valueFormatter: (item) => formatFigure(item.value, 'count'),
          },
        ]}
      />
    </Figure>
  );
}
