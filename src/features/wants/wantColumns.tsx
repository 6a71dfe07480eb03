import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PagedColumn } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { wantsCopy } from './copy';
import { formatDollars } from '../../lib/money';
import { formatDay } from '../../lib/orders';
import type { Want } from './types';
import { wantedBook, wantFilters } from './wantWords';

/** A want: what it looks for (its filters under it), the most the buyer would pay, since when, and Remove. */
export function wantColumns(onRemove: (want: Want) => void): PagedColumn<Want>[] {
  return [
    {
      label: copy.myBuyer.book,
      skeleton: 'text',
      cell: (want) => (
        <>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {wantedBook(want)}
          </Typography>
          {wantFilters(want).length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {wantFilters(want).join(' · ')}
            </Typography>
          )}
        </>
      ),
    },
    {
      label: copy.search.maxPrice,
      skeleton: 'text',
      cell: (want) => (want.maxPrice === null ? wantsCopy.anyPrice : formatDollars(want.maxPrice)),
    },
    { label: wantsCopy.since, skeleton: 'text', cell: (want) => formatDay(want.createdAt) },
    {
      label: copy.wants.remove,
      skeleton: 'button',
      cell: (want) => (
        <Button size="small" variant="outlined" aria-label={copy.wants.removeLabel(wantedBook(want))} onClick={() => onRemove(want)}>
          {copy.wants.remove}
        </Button>
      ),
    },
  ];
}
