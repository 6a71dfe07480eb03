import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PagedColumn } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { formatSignedUsd } from '../../lib/money';
import { formatMoment } from '../../lib/orders';
import { shortId } from '../../lib/shortId';
import type { EarningAccount, EarningEntry } from '../../types/entities';

/** The parts of the balance by name, as its figures name them. */
const PARTS: Record<EarningAccount, string> = {
  pending: copy.earnings.pending,
  available: copy.earnings.available,
  inTransit: copy.earnings.inTransit,
  paidOut: copy.earnings.paidOut,
};

/**
 * What an entry did, in words: a sale adds to Pending; its release takes it out of Pending (one
 * entry) and into Available (another); a refund takes it back. A payout's steps each move money
 * between two parts of the balance, one entry each: which part follows in brackets.
 */
export function entryWords(entry: EarningEntry): string {
  switch (entry.kind) {
    case 'charge':
      return copy.earnings.sale;
    case 'release':
      return entry.account === 'available' ? copy.earnings.available_ : copy.earnings.released;
    case 'refund':
      return copy.earnings.refunded;
    case 'payout':
    case 'payout_paid':
    case 'payout_failed':
      return copy.earnings.entryPart(copy.earnings.payoutEntries[entry.kind], PARTS[entry.account]);
  }
}

/** An order's entry links to the order; a payout's names the payout. */
function EntrySubject({ entry }: { entry: EarningEntry }) {
  if (entry.bookingId !== null) {
    return (
      <Link component={RouterLink} to={paths.order(entry.bookingId)} sx={{ overflowWrap: 'anywhere' }}>
        {entry.bookName}
      </Link>
    );
  }
  return (
    <Typography component="span" variant="body2" title={entry.payoutId ?? undefined}>
      {entry.payoutId === null ? '' : copy.earnings.payoutRef(shortId(entry.payoutId))}
    </Typography>
  );
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
    cell: (entry) => <EntrySubject entry={entry} />,
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
