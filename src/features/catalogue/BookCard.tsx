import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { UserScore } from '../../components/UserScore';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { Book } from '../../types/entities';
import { hostedSrcSet } from '../../lib/images';
import { formatDollars } from '../../lib/money';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { FavouriteToggle } from '../favourites/FavouriteToggle';
import { BookedNotice } from './BookedNotice';

/** The tallest a cover is drawn; at 3:4 that is 240 px wide, which `sizes` tells the browser. */
const COVER_MAX_HEIGHT = 320;

const detailsSx = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 2,
  rowGap: 0.25,
  m: 0,
  fontSize: '0.875rem',
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, overflowWrap: 'anywhere' },
} as const;

const priceSx = {
  display: 'flex',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  columnGap: 1.5,
  m: 0,
  '& dd': { m: 0 },
} as const;

/** The seller's words, cut to three lines on the card; the book's page has them all. */
const descriptionSx = {
  color: 'text.secondary',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/** The book as the favourites show it. */
const favouriteOf = (book: Book) => ({ name: book.name, author: book.author ?? '', price: book.resale_price, img: book.img });

interface BookCardProps {
  book: Book;
  onBook: (book: Book) => void;
  /** The signed-in buyer's open booking of this book, if any: 'Booked' and a way to pay instead of 'Book Now'. */
  bookingId?: string;
}

/**
 * A book for sale: the whole cover in a portrait frame, then the title, the resale price (the
 * original struck through beside it), the condition and the seller's description; the seller,
 * place and dates follow in small print.
 */
export function BookCard({ book, onBook, bookingId }: BookCardProps) {
  const titleId = `book-${book._id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ bgcolor: 'grey.100', display: 'flex', justifyContent: 'center', p: 2 }}>
        <Box
          component="img"
          src={book.img}
          alt={book.name}
          srcSet={hostedSrcSet(book.img)}
          sizes="240px"
          loading="lazy"
          decoding="async"
          width={240}
          height={COVER_MAX_HEIGHT}
          sx={{ width: '100%', maxWidth: 240, height: 'auto', maxHeight: COVER_MAX_HEIGHT, aspectRatio: '3 / 4', objectFit: 'contain', display: 'block' }}
        />
      </Box>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ lineHeight: 1.3 }}>
          <Link component={RouterLink} to={paths.book(book._id)} underline="hover" color="inherit">
            {book.name}
          </Link>
        </Typography>
        <Box component="dl" sx={priceSx}>
          <Box component="dt" sx={visuallyHidden}>
            {copy.books.resalePrice}
          </Box>
          <Typography component="dd" sx={{ fontSize: '1.6rem', fontWeight: 700, color: 'text.primary' }}>
            {formatDollars(book.resale_price)}
          </Typography>
          <Box component="dt" sx={visuallyHidden}>
            {copy.books.originalPrice}
          </Box>
          <Typography component="dd" color="text.secondary">
            <s>{formatDollars(book.orginal_price)}</s>
          </Typography>
        </Box>
        {book.condition && (
          <Chip size="small" variant="outlined" label={copy.books.condition(book.condition)} sx={{ justifySelf: 'start' }} />
        )}
        {book.description && <Typography sx={descriptionSx}>{book.description}</Typography>}
        <Box component="dl" sx={detailsSx}>
          <dt>{copy.books.seller}</dt>
          <dd>
            {book.seller_name}
            {book.verified && <VerifiedIcon titleAccess={copy.books.verified} color="primary" fontSize="small" />}
          </dd>
          {book.sellerScore && (
            <>
              <dt>{copy.reviews.sellerScore}</dt>
              <dd>
                <UserScore score={book.sellerScore} />
              </dd>
            </>
          )}
          <dt>{copy.books.location}</dt>
          <dd>{book.location}</dd>
          <dt>{copy.books.contact}</dt>
          <dd>{book.number}</dd>
          <dt>{copy.books.uses}</dt>
          <dd>{book.uses}</dd>
          <dt>{copy.books.date}</dt>
          <dd>{book.date}</dd>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {bookingId ? (
          <BookedNotice bookingId={bookingId} describedBy={titleId} />
        ) : (
          <Button variant="contained" onClick={() => onBook(book)} aria-describedby={titleId}>
            {copy.books.bookNow}
          </Button>
        )}
        <Box sx={{ ml: 'auto' }}>
          <FavouriteToggle bookId={book._id} book={favouriteOf(book)} describedBy={titleId} />
        </Box>
      </CardActions>
    </Card>
  );
}
