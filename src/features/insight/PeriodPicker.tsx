import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useSearchParams } from 'react-router-dom';
import { insightCopy } from './copy';
import { PERIOD_DAYS, type PeriodDays } from './types';

const DEFAULT_DAYS: PeriodDays = 30;
const isPeriod = (value: number): value is PeriodDays => (PERIOD_DAYS as readonly number[]).includes(value);

/** The period in the address (`?days=90`), so a reload or a shared link keeps it; 30 days unless it says otherwise. */
export function usePeriod(): [PeriodDays, (days: PeriodDays) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = isPeriod(asked) ? asked : DEFAULT_DAYS;
  const choose = (next: PeriodDays) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );
  return [days, choose];
}

/** 7, 30, 90 or 365 days: a group of toggle buttons, each reached with Tab and pressed with Enter or Space. */
export function PeriodPicker({ days, onChange }: { days: PeriodDays; onChange(days: PeriodDays): void }) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={days}
      aria-label={insightCopy.period}
      // Pressing the chosen period again keeps it: a period is always chosen.
      onChange={(_event, value: PeriodDays | null) => {
        if (value !== null) onChange(value);
      }}
    >
      {PERIOD_DAYS.map((option) => (
        // Unchosen periods read in the text colour: the default grey is too faint on white.
        <ToggleButton key={option} value={option} sx={{ px: 1.5, color: 'text.primary' }}>
          {insightCopy.periodDays(option)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
