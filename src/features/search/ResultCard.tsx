import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { formatDollars } from '../../lib/money';
import { AddToBundle } from '../bundles/AddToBundle';
import { FavouriteToggle } from '../favourites/FavouriteToggle';
import { Highlight } from './Highlight';
import type { FoundBook } from './searchApi';

/**
 * One search result: cover, title (a link to the book's page) and author with the searched words
 * marked, price and details, and "Add to bundle". `eager`: a result on the first screen, its cover
 * fetched at once and first. `sellerId`: the books' seller, on a seller's page (a search's results do
 * not name theirs).
 */
export function ResultCard({ book, words, eager = false, sellerId }: { book: FoundBook; words: string[]; eager?: boolean; sellerId?: string }) {
  const titleId = `result-${book._id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} variant="outlined" sx={{ display: 'flex', gap: 2, p: 2 }}>
      <ResponsiveImage
        src={book.img}
        alt=""
        sizes="96px"
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        width={96}
        height={128}
        sx={{ width: 96, height: 128, objectFit: 'cover', flexShrink: 0, bgcolor: 'grey.100', borderRadius: 1 }}
      />
      <Box sx={{ minWidth: 0, '& mark': { bgcolor: 'warning.light', color: 'inherit', px: 0.25, borderRadius: 0.5 } }}>
        <Typography id={titleId} component="h2" variant="h6">
          <Link component={RouterLink} to={paths.book(book._id)} underline="hover" color="inherit">
            <Highlight text={book.name} words={words} />
          </Link>
        </Typography>
        {book.author && (
          <Typography color="text.secondary">
            <Highlight text={copy.search.by(book.author)} words={words} />
          </Typography>
        )}
        <Typography sx={{ mt: 1 }}>
          <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
            {formatDollars(book.resale_price)}
          </Box>
          <Box component="s" sx={{ color: 'text.secondary' }}>
            {formatDollars(book.orginal_price)}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
          {book.condition && <span>{book.condition}</span>}
          <span>{book.location}</span>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {book.seller_name}
            {book.verified && <VerifiedIcon titleAccess={copy.books.verified} color="primary" fontSize="inherit" />}
          </Box>
          {book.isbn && <span>{copy.search.isbn(book.isbn)}</span>}
        </Typography>
        <AddToBundle bookId={book._id} sellerId={sellerId} describedBy={titleId} size="small" sx={{ mt: 1 }} />
      </Box>
      <Box sx={{ ml: 'auto', flexShrink: 0 }}>
        <FavouriteToggle
          bookId={book._id}
          book={{ name: book.name, author: book.author, price: book.resale_price, img: book.img }}
          describedBy={titleId}
        />
      </Box>
    </Card>
  );
}
