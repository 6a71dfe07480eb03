import Box from '@mui/material/Box';
import { FormSelectField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { reportsCopy } from './copy';
import type { ReportFilters } from './useReportsGrid';

const STATES = Object.keys(reportsCopy.states) as Array<keyof typeof reportsCopy.states>;
const KINDS = Object.keys(reportsCopy.kinds) as Array<keyof typeof reportsCopy.kinds>;
const REASONS = Object.keys(reportsCopy.reasons) as Array<keyof typeof reportsCopy.reasons>;

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
      <option value="">{reportsCopy.any}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormSelectField>
  );
  return (
    <Box role="group" aria-label={copy.search.filters} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      {select('state', reportsCopy.state, STATES.map((value) => ({ value, label: reportsCopy.states[value] })))}
      {select('kind', reportsCopy.kind, KINDS.map((value) => ({ value, label: reportsCopy.kinds[value] })))}
      {select('reason', reportsCopy.reason, REASONS.map((value) => ({ value, label: reportsCopy.reasons[value] })))}
    </Box>
  );
}
