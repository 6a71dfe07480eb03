import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageProgress } from '../../components/PageProgress';
import { UserScore } from '../../components/UserScore';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import { formatDollars } from '../../lib/money';
import { useHydrated } from '../../lib/useHydrated';
import type { BookDetails, DeliveryMethod } from '../../types/entities';
import { selectAuthStatus, selectUser } from '../auth/authSlice';
import { useGetBookingsQuery } from '../bookings/bookingsApi';
import type { FromState } from '../roles/guards';
import { AddToBundle } from '../bundles/AddToBundle';
import { FavouriteToggle } from '../favourites/FavouriteToggle';
import { useBookView } from '../insight/viewBeacon';
import { MakeOffer } from '../offers/MakeOffer';
import { ReportButton } from '../reports/ReportButton';
import { BookedNotice } from './BookedNotice';
import { BookGallery } from './BookGallery';
import { BookPageSkeleton } from './BookPageSkeleton';
import { useGetBookQuery } from './catalogueApi';

// The booking form (and its form library) loads when a buyer opens it, not with the page.
const loadBookingModal = () => import('./BookingModal');
const BookingModal = lazy(() => loadBookingModal().then((module) => ({ default: module.BookingModal })));
// "Ask the seller" is for signed-in readers only: never in the server's HTML, never in the page's chunk.
const AskSellerButton = lazy(() => import('../messages/AskSellerButton'));

/** The ways a book may travel: a book listed without a choice offers a meet-up only. */
const deliveriesOf = ({ delivery }: BookDetails): DeliveryMethod[] =>
  delivery ? [...(delivery.meetup ? ['meetup' as const] : []), ...(delivery.shipping ? ['shipping' as const] : [])] : ['meetup'];

/** Every photo of the listing, the cover first (older answers carry the cover alone). */
type ListedBook = BookDetails & { images?: string[] };

const detailsSx = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 3,
  rowGap: 1,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0 },
} as const;

/** `/books/:id`: one book on its own page, with 'Book Now' (the spec's booking modal). */
export function Component() {
  const { id = '' } = useParams();
  const { data: book, isLoading, isFetching, refetch } = useGetBookQuery(id);
  const signedIn = useAppSelector(selectAuthStatus) === 'signed-in';
  const askedAgainFor = useRef<string>(undefined);

  useEffect(() => {
    if (book) document.title = `${book.name} · ${copy.brand.name}`;
    else if (book === null) document.title = `${copy.bookPage.gone} · ${copy.brand.name}`;
  }, [book]);

  // The page may have come with the book as a visitor sees it (rendered by the web server): once
  // signed in, ask again, for the seller's phone number.
  useEffect(() => {
    if (!signedIn || !book || book.number !== undefined || askedAgainFor.current === book._id) return;
    askedAgainFor.current = book._id;
    void refetch();
  }, [signedIn, book, refetch]);

  if (isLoading) {
    return (
      <>
        <PageProgress />
        <BookPageSkeleton />
      </>
    );
  }
  if (book === null) return <GoneBook />;
  if (!book) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error" action={<Button onClick={() => void refetch()} disabled={isFetching}>{copy.bookPage.retry}</Button>}>
          {copy.bookPage.failed}
        </Alert>
      </Container>
    );
  }
  return <BookDetailsView book={book} />;
}

function GoneBook() {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
        {copy.bookPage.gone}
      </Typography>
      <Typography sx={{ mb: 2 }}>{copy.bookPage.goneHint}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.search}>
        {copy.bookPage.searchAgain}
      </Button>
    </Container>
  );
}

function BookDetailsView({ book }: { book: ListedBook }) {
  const [bookingOpen, setBookingOpen] = useState(false);
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  // The page may arrive as HTML before the app: a click then would be lost, and until the session
  // is known a buyer who is signed in would be sent to log in.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: bookings = [] } = useGetBookingsQuery(user?.email ?? '', { skip: status !== 'signed-in' || !user?.email });
  const mine = bookings.find((booking) => booking.bookId === book._id);
  // A view, counted for the seller's stats: never the seller's own (the API checks too).
  useBookView(book._id, book.sellerId !== null && accessTokenSubject() === book.sellerId);
  const conditionNote = book.condition ? copy.bookPage.conditionNotes[book.condition] : undefined;

  // Only a signed-in buyer can open the form: fetch it for them ahead of the click.
  useEffect(() => {
    if (status === 'signed-in') void loadBookingModal().catch(() => undefined);
  }, [status]);

  const bookNow = () => {
    // Booking needs a signed-in buyer: log in first, then come back here.
    if (status !== 'signed-in') {
      void navigate(paths.login, { state: { from: location.pathname } satisfies FromState });
      return;
    }
    setBookingOpen(true);
  };

  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start' }}>
        <BookGallery name={book.name} photos={book.images?.length ? book.images : [book.img]} />
        <Box>
          <Typography id="book-title" component="h1" variant="h2">
            {book.name}
          </Typography>
          {book.author && (
            <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 2 }}>
              {copy.bookPage.by(book.author)}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 2 }}>
            <Typography component="p" variant="h4" aria-label={`${copy.bookPage.price} ${formatDollars(book.resale_price)}`}>
              {formatDollars(book.resale_price)}
            </Typography>
            <Typography component="s" color="text.secondary" aria-label={`${copy.bookPage.originalPrice} ${formatDollars(book.orginal_price)}`}>
              {formatDollars(book.orginal_price)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Status
              book={book}
              bookedAs={mine && !mine.paid ? mine._id : undefined}
              bought={mine?.paid === true}
              ready={hydrated && status !== 'loading'}
              onBook={bookNow}
            />
            <FavouriteToggle
              bookId={book._id}
              book={{ name: book.name, author: book.author ?? '', price: book.resale_price, img: book.img }}
              describedBy="book-title"
            />
          </Box>
          {!book.sold && book.sellerId && <AddToBundle bookId={book._id} sellerId={book.sellerId} describedBy="book-title" sx={{ mt: 2 }} />}
          {!book.sold && book.sellerId && book.takesOffers !== false && (
            <MakeOffer
              bookIds={[book._id]}
              sellerId={book.sellerId}
              asking={book.resale_price}
              deliveries={deliveriesOf(book)}
              shippingPrice={book.delivery?.shippingPrice}
              subject={book.name}
              describedBy="book-title"
              sx={{ mt: 2, ml: 1 }}
            />
          )}
          {hydrated && status === 'signed-in' && !book.sold && (
            <Suspense fallback={null}>
              <AskSellerButton bookId={book._id} bookName={book.name} sellerId={book.sellerId} />
            </Suspense>
          )}
          <Box component="dl" sx={{ ...detailsSx, mt: 3 }}>
            {book.condition && (
              <>
                <dt>{copy.bookPage.condition}</dt>
                <dd>
                  <strong>{book.condition}</strong>
                  {conditionNote && <> · {conditionNote}</>}
                </dd>
              </>
            )}
            {book.isbn && (
              <>
                <dt>{copy.bookPage.isbn}</dt>
                <dd>{book.isbn}</dd>
              </>
            )}
            <dt>{copy.bookPage.seller}</dt>
            <dd>
              {book.sellerId ? (
                <Link component={RouterLink} to={paths.seller(book.sellerId)}>
                  {book.seller_name}
                </Link>
              ) : (
                book.seller_name
              )}
              {book.verified && <VerifiedIcon titleAccess={copy.books.verified} color="primary" fontSize="small" sx={{ ml: 0.5, verticalAlign: 'middle' }} />}
            </dd>
            {book.sellerScore && (
              <>
                <dt>{copy.reviews.sellerScore}</dt>
                <dd>
                  <UserScore score={book.sellerScore} />
                </dd>
              </>
            )}
            <dt>{copy.bookPage.location}</dt>
            <dd>{book.location}</dd>
            <dt>{copy.bookPage.contact}</dt>
            <dd>{book.number ?? copy.bookPage.contactSignIn}</dd>
            <dt>{copy.bookPage.uses}</dt>
            <dd>{book.uses}</dd>
            <dt>{copy.bookPage.listed}</dt>
            <dd>{book.date}</dd>
          </Box>
          {book.description && (
            <Box component="section" sx={{ mt: 3 }} aria-labelledby="book-description-title">
              <Typography id="book-description-title" component="h2" variant="h6">
                {copy.bookPage.aboutCopy}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{book.description}</Typography>
            </Box>
          )}
          <Box sx={{ mt: 2 }}>
            <ReportButton kind="book" id={book._id} describedBy="book-title" />
          </Box>
        </Box>
      </Box>
      {bookingOpen && (
        <Suspense fallback={null}>
          <BookingModal book={book} open={bookingOpen} onClose={() => setBookingOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}

interface StatusProps {
  book: BookDetails;
  bookedAs?: string;
  bought: boolean;
  /** Whether 'Book Now' can act: the app is live and knows whether someone is signed in. */
  ready: boolean;
  onBook(): void;
}

function Status({ book, bookedAs, bought, ready, onBook }: StatusProps) {
  if (bought) return <Chip color="success" label={copy.bookPage.bought} />;
  if (book.sold) return <Alert severity="info">{copy.bookPage.sold}</Alert>;
  if (bookedAs) return <BookedNotice bookingId={bookedAs} label={copy.bookPage.booked} />;
  return (
    <Button variant="contained" size="large" onClick={onBook} disabled={!ready}>
      {copy.books.bookNow}
    </Button>
  );
}
