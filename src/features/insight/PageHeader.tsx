import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { insightCopy } from './copy';
import { formatDay } from './figures';
import { PeriodPicker } from './PeriodPicker';
import type { DayRange, PeriodDays } from './types';

interface Props {
  title: string;
  intro: string;
  days: PeriodDays;
  onDays(days: PeriodDays): void;
  /** The days the figures cover and those they are set against, once known. */
  range?: { period: DayRange; previous: DayRange };
}

/** A Stats or Insight page's top: its title, what it shows, the period and the days it covers. */
export function PageHeader({ title, intro, days, onDays, range }: Props) {
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
        {intro} {insightCopy.lag}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <PeriodPicker days={days} onChange={onDays} />
        {range && (
          <Typography variant="body2" color="text.secondary">
            {insightCopy.periodRange(formatDay(range.period.from), formatDay(range.period.to), formatDay(range.previous.from), formatDay(range.previous.to))}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
