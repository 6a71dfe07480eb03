import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { PagedColumn } from '../../components/PagedTable';
import { paths } from '../../config/paths';
import { formatUsd } from '../../lib/money';
import { offersCopy } from './copy';
import { offerSubject, timeLeftWords, turnWords } from './offerWords';
import type { Offer, OfferSide, OfferState } from './types';

const STATE_COLORS: Record<OfferState, 'warning' | 'success' | 'default'> = { pending: 'warning', accepted: 'success', declined: 'default', expired: 'default' };

export function OfferStateChip({ state }: { state: OfferState }) {
  return <Chip size="small" variant="outlined" color={STATE_COLORS[state]} label={offersCopy.states[state]} />;
}

/** An offer's row: its books (to its page), the amount on the table, whose turn, the time left and its state. */
export function offerColumns(side: OfferSide, now: number): PagedColumn<Offer>[] {
  return [
    {
      label: offersCopy.columns.books,
      skeleton: 'text',
      cell: (offer) => (
        <Link component={RouterLink} to={paths.offer(offer.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {offerSubject(offer.books.map((book) => book.name))}
        </Link>
      ),
    },
    { label: offersCopy.columns.amount, skeleton: 'text', cell: (offer) => formatUsd(offer.amount) },
    { label: offersCopy.columns.turn, skeleton: 'text', cell: (offer) => turnWords(offer, side) },
    { label: offersCopy.columns.timeLeft, skeleton: 'text', cell: (offer) => timeLeftWords(offer, now) },
    { label: offersCopy.columns.state, skeleton: 'text', cell: (offer) => <OfferStateChip state={offer.state} /> },
  ];
}
