import Box from '@mui/material/Box';
import { copy } from '../config/copy';
import { severalBooksOf } from '../lib/orderLines';
import type { Booking } from '../types/entities';

/**
 * Under an order's name in a list's row (My Orders, My Buyer): every book of an order of several,
 * in small print. An order of one book shows nothing more.
 */
export function OrderBookNames({ order }: { order: Pick<Booking, 'lines'> }) {
  const books = severalBooksOf(order);
  if (books.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={copy.orderLines.books}
      sx={{ m: 0, p: 0, listStyle: 'none', typography: 'body2', color: 'text.secondary', '& li': { overflowWrap: 'anywhere' } }}
    >
      {books.map((book, index) => (
        <li key={`${book.bookId}-${index}`}>{book.name}</li>
      ))}
    </Box>
  );
}
