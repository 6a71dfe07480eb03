import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isNotFound } from '../../api/baseApi';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { paths } from '../../config/paths';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import { formatUsd } from '../../lib/money';
import { selectIsAdmin } from '../roles/roleSlice';
import { offersCopy } from './copy';
import { OfferHistory } from './OfferHistory';
import { OfferMoves } from './OfferMoves';
import { OfferStateChip } from './offerColumns';
import { offerSubject, sideOf, timeLeftWords, turnWords } from './offerWords';
import { useGetOfferQuery } from './offersApi';
import { useOfferListeners } from './offersListeners';
import type { Offer, OfferSide } from './types';

const backToOffers = { label: offersCopy.backToOffers, to: paths.offers };

const detailsSx = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 3,
  rowGap: 1,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, overflowWrap: 'anywhere' },
} as const;

/**
 * `/dashboard/offers/:id`: one negotiation for either side (and an admin, who only reads it): its
 * books, the asking price, the amount on the table, whose turn and the time left, its history, and
 * the moves of the side it waits for. Accepted, the buyer pays its order; the seller follows it.
 */
export function Component() {
  useOfferListeners();
  const { id = '' } = useParams();
  // Read again on arrival: the other side may have moved it while no offer screen listened.
  const offer = useGetOfferQuery(id, { refetchOnMountOrArgChange: true });

  let body;
  if (offer.data) body = <OfferView offer={offer.data} />;
  else if (offer.isLoading) body = <PageProgress />;
  else if (isNotFound(offer.error)) body = <EmptyState message={offersCopy.notFound} action={backToOffers} />;
  else body = <LoadFailed what={offersCopy.offerFailed} error={offer.error} retrying={offer.isFetching} onRetry={() => void offer.refetch()} />;

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h2" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {offer.data ? offersCopy.offerTitle(offerSubject(offer.data.books.map((book) => book.name))) : offersCopy.title}
      </Typography>
      {offer.isFetching && offer.data && <PageProgress />}
      {body}
    </Box>
  );
}

function OfferView({ offer }: { offer: Offer }) {
  const isAdmin = useAppSelector(selectIsAdmin);
  const side = sideOf(offer, accessTokenSubject());
  const myTurn = side !== null && offer.state === 'pending' && offer.awaiting === side;

  return (
    <Stack spacing={3}>
      <div>
        <Link component={RouterLink} to={paths.offers} variant="body2">
          {offersCopy.backToOffers}
        </Link>
      </div>
      <Box component="dl" sx={detailsSx}>
        <dt>{offersCopy.columns.state}</dt>
        <dd>
          <OfferStateChip state={offer.state} />
        </dd>
        <dt>{offersCopy.books}</dt>
        <dd>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {offer.books.map((book) => (
              <li key={book.bookId}>
                <Link component={RouterLink} to={paths.book(book.bookId)}>
                  {book.name}
                </Link>{' '}
                · {formatUsd(book.price)}
              </li>
            ))}
          </Box>
        </dd>
        <dt>{offersCopy.askingPrice}</dt>
        <dd>{formatUsd(offer.listPrice)}</dd>
        <dt>{offersCopy.onTable}</dt>
        <dd>
          <strong>{formatUsd(offer.amount)}</strong>
        </dd>
        {offer.state === 'pending' && (
          <>
            <dt>{offersCopy.turn}</dt>
            <dd>{turnWords(offer, side)}</dd>
            <dt>{offersCopy.expires}</dt>
            <dd>{timeLeftWords(offer, Date.now())}</dd>
          </>
        )}
        <dt>{offersCopy.deliveryWay}</dt>
        <dd>{offersCopy.deliveryWords(offer.delivery.method, offer.delivery.address)}</dd>
      </Box>
      {side === null && isAdmin && <Alert severity="info">{offersCopy.adminReads}</Alert>}
      {myTurn && side && <OfferMoves offer={offer} side={side} />}
      {offer.state === 'accepted' && offer.orderId && side && <AcceptedNext orderId={offer.orderId} side={side} />}
      <OfferHistory offer={offer} side={side} />
    </Stack>
  );
}

/** After an acceptance: the buyer pays the order on the usual payment page; the seller follows the order. */
function AcceptedNext({ orderId, side }: { orderId: string; side: OfferSide }) {
  return side === 'buyer' ? (
    <Alert
      severity="success"
      action={
        <Button component={RouterLink} to={paths.payment(orderId)} variant="contained" color="success">
          {offersCopy.payNow}
        </Button>
      }
    >
      {offersCopy.payHint}
    </Alert>
  ) : (
    <Alert
      severity="success"
      action={
        <Button component={RouterLink} to={paths.order(orderId)} color="success">
          {offersCopy.viewOrder}
        </Button>
      }
    >
      {offersCopy.orderHint}
    </Alert>
  );
}
