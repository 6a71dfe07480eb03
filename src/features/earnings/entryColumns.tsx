import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PagedColumn } from '../../components/PagedTable';
import { earningsCopy } from './copy';
import { paths } from '../../config/paths';
import { formatSignedUsd } from '../../lib/money';
import { formatMoment } from '../../lib/orders';
import { shortId } from '../../lib/shortId';
import type { EarningAccount, EarningEntry } from './types';

/** The parts of the balance by name, as its figures name them. */
const PARTS: Record<EarningAccount, string> = {
  pending: earningsCopy.pending,
  available: earningsCopy.available,
  inTransit: earningsCopy.inTransit,
  paidOut: earningsCopy.paidOut,
};

/**
 * What an entry did, in words: a sale adds to Pending; its release takes it out of Pending (one
 * entry) and into Available (another); a refund takes it back. A payout's steps each move money
 * between two parts of the balance, one entry each: which part follows in brackets.
 */
export function entryWords(entry: EarningEntry): string {
  switch (entry.kind) {
    case 'charge':
      return earningsCopy.sale;
    case 'release':
      return entry.account === 'available' ? earningsCopy.available_ : earningsCopy.released;
    case 'refund':
      return earningsCopy.refunded;
    case 'payout':
    case 'payout_paid':
    case 'payout_failed':
      return earningsCopy.entryPart(earningsCopy.payoutEntries[entry.kind], PARTS[entry.account]);
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
      {entry.payoutId === null ? '' : earningsCopy.payoutRef(shortId(entry.payoutId))}
    </Typography>
  );
}

export const entryColumns: PagedColumn<EarningEntry>[] = [
  {
    label: earningsCopy.date,
    skeleton: 'text',
    cell: (entry) => (
      <Typography component="time" dateTime={entry.at} variant="body2">
        {formatMoment(entry.at)}
      </Typography>
    ),
  },
  {
    label: earningsCopy.book,
    skeleton: 'text',
    cell: (entry) => <EntrySubject entry={entry} />,
  },
  { label: earningsCopy.what, skeleton: 'text', cell: entryWords },
  {
    label: earningsCopy.amount,
    skeleton: 'text',
    cell: (entry) => (
      <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatSignedUsd(entry.amount)}
      </Typography>
    ),
  },
];
