import Box from '@mui/material/Box';
import { FormSelectField } from '../../components/FormField';
import { copy } from '../../config/copy';
import type { ReportFilters } from './useReportsGrid';

const STATES = Object.keys(copy.reports.states) as Array<keyof typeof copy.reports.states>;
const KINDS = Object.keys(copy.reports.kinds) as Array<keyof typeof copy.reports.kinds>;
const REASONS = Object.keys(copy.reports.reasons) as Array<keyof typeof copy.reports.reasons>;

interface Props {
  filters: ReportFilters;
  onChange(filters: ReportFilters): void;
}

/** The queue's filters: the browser's own selects (a phone's picker), side by side where they fit. */
export function ReportFiltersBar({ filters, onChange }: Props) {
  const select = <Key extends keyof ReportFilters>(key: Key, label: string, options: Array<{ value: string; label: string }>) => (
    <FormSelectField
      label={label}
      name={key}
      value={filters[key]}
      size="small"
      onChange={(event) => onChange({ ...filters, [key]: event.target.value })}
      sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    >
      <option value="">{copy.reports.any}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormSelectField>
  );
  return (
    <Box role="group" aria-label={copy.search.filters} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      {select('state', copy.reports.state, STATES.map((value) => ({ value, label: copy.reports.states[value] })))}
      {select('kind', copy.reports.kind, KINDS.map((value) => ({ value, label: copy.reports.kinds[value] })))}
      {select('reason', copy.reports.reason, REASONS.map((value) => ({ value, label: copy.reports.reasons[value] })))}
    </Box>
  );
}
