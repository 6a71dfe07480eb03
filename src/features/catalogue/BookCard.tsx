import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { Book } from '../../types/entities';
import { hostedSrcSet } from '../../lib/images';
import { formatDollars } from '../../lib/money';
import { BookedNotice } from './BookedNotice';

const detailsSx = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: 2,
  rowGap: 0.5,
  m: 0,
  '& dt': { color: 'text.secondary' },
  '& dd': { m: 0, display: 'flex', alignItems: 'center', gap: 0.5 },
} as const;

interface BookCardProps {
  book: Book;
  onBook: (book: Book) => void;
  /** The signed-in buyer's open booking of this book, if any: 'Booked' and a way to pay instead of 'Book Now'. */
  bookingId?: string;
}

export function BookCard({ book, onBook, bookingId }: BookCardProps) {
  const titleId = `book-${book._id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="img"
        src={book.img}
        alt={book.name}
        srcSet={hostedSrcSet(book.img)}
        sizes="(min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw"
        loading="lazy"
        decoding="async"
        width={480}
        height={360}
        sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', bgcolor: 'grey.100' }}
      />
      <CardContent sx={{ flex: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
          <Link component={RouterLink} to={paths.book(book._id)} underline="hover" color="inherit">
            {book.name}
          </Link>
        </Typography>
        <Box component="dl" sx={detailsSx}>
          <dt>{copy.books.seller}</dt>
          <dd>
            {book.seller_name}
            {book.verified && <VerifiedIcon titleAccess={copy.books.verified} color="primary" fontSize="small" />}
          </dd>
          <dt>{copy.books.location}</dt>
          <dd>{book.location}</dd>
          <dt>{copy.books.contact}</dt>
          <dd>{book.number}</dd>
          <dt>{copy.books.originalPrice}</dt>
          <dd>{formatDollars(book.orginal_price)}</dd>
          <dt>{copy.books.resalePrice}</dt>
          <dd>{formatDollars(book.resale_price)}</dd>
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
      </CardActions>
    </Card>
  );
}
