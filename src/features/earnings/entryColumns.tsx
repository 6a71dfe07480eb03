import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PagedColumn } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { formatSignedUsd } from '../../lib/money';
import { formatMoment } from '../../lib/orders';
import type { EarningEntry } from '../../types/entities';

/**
 * What an entry did, in words: a sale adds to Pending; its release takes it out of Pending (one
 * entry) and into Available (another); a refund takes it back.
 */
export function entryWords(entry: EarningEntry): string {
  switch (entry.kind) {
    case 'charge':
      return copy.earnings.sale;
    case 'release':
      return entry.account === 'available' ? copy.earnings.available_ : copy.earnings.released;
    case 'refund':
      return copy.earnings.refunded;
  }
}

export const entryColumns: PagedColumn<EarningEntry>[] = [
  {
    label: copy.earnings.date,
    skeleton: 'text',
    cell: (entry) => (
      <Typography component="time" dateTime={entry.at} variant="body2">
        {formatMoment(entry.at)}
      </Typography>
    ),
  },
  {
    label: copy.earnings.book,
    skeleton: 'text',
    cell: (entry) => (
      <Link component={RouterLink} to={paths.order(entry.bookingId)} sx={{ overflowWrap: 'anywhere' }}>
        {entry.bookName}
      </Link>
    ),
  },
  { label: copy.earnings.what, skeleton: 'text', cell: entryWords },
  {
    label: copy.earnings.amount,
    skeleton: 'text',
    cell: (entry) => (
      <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatSignedUsd(entry.amount)}
      </Typography>
    ),
  },
];
