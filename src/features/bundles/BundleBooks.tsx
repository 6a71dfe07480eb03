import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatDollars } from '../../lib/money';
import { bundlesCopy } from './copy';
import type { BundleBook, UnavailableBook } from './types';

const rowSx = {
  display: 'grid',
  gridTemplateColumns: '40px minmax(0, 1fr) auto auto',
  alignItems: 'center',
  columnGap: 2,
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

interface RowProps {
  book: BundleBook | UnavailableBook;
  /** Under the title: why an unavailable book is out. */
  note?: ReactNode;
  onRemove(bookId: string): void;
}

function BookRow({ book, note, onRemove }: RowProps) {
  return (
    <Box component="li" sx={rowSx}>
      <Avatar variant="rounded" src={book.img} alt="" />
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={paths.book(book.bookId)}>
          {book.name}
        </Link>
        {note}
      </Box>
      <Typography component="span" sx={note ? { color: 'text.secondary', textDecoration: 'line-through' } : undefined}>
        {formatDollars(book.price)}
      </Typography>
      <Button size="small" variant="outlined" aria-label={bundlesCopy.removeLabel(book.name)} onClick={() => onRemove(book.bookId)}>
        {bundlesCopy.remove}
      </Button>
    </Box>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

/** A bundle's books for sale, each with its price and Remove; then those sold since, each with why. */
export function BundleBooks({ books, unavailable, onRemove, titleId }: {
  books: BundleBook[];
  unavailable: UnavailableBook[];
  onRemove(bookId: string): void;
  /** The id of the bundle's heading, which names the list. */
  titleId: string;
}) {
  return (
    <>
      {books.length > 0 && (
        <Box component="ul" aria-labelledby={titleId} sx={listSx}>
          {books.map((book) => (
            <BookRow key={book.bookId} book={book} onRemove={onRemove} />
          ))}
        </Box>
      )}
      {unavailable.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography id={`${titleId}-unavailable`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {bundlesCopy.unavailable}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {bundlesCopy.unavailableHint}
          </Typography>
          <Box component="ul" aria-labelledby={`${titleId}-unavailable`} sx={listSx}>
            {unavailable.map((book) => (
              <BookRow
                key={book.bookId}
                book={book}
                onRemove={onRemove}
                note={
                  <Typography variant="body2" color="error.dark">
                    {book.reason}
                  </Typography>
                }
              />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
