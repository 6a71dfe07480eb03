import Box from '@mui/material/Box';
import { useRef } from 'react';
import type { Book } from '../../types/entities';
import { BookCard } from './BookCard';
import type { BookPage } from './catalogueApi';
import { useNearViewport } from './useViewportNearness';

/**
 * Pages further than this from the viewport are released: their cards leave the DOM and an
 * empty box of their height keeps the scroll position. A page of 24 cards is about 4,000 px
 * high on four columns, so two or three pages (some 50 to 75 cards) stay rendered at a time.
 */
const KEEP_RENDERED_MARGIN = '2500px 0px';

/** The book cards' grid: one column on phones, up to four on wide screens. */
export const bookGridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;

interface Props {
  pages: BookPage[];
  onBook: (book: Book) => void;
  /** Book id → the buyer's open booking of it. */
  bookedIds: ReadonlyMap<string, string>;
}

function BookPageBlock({ books, onBook, bookedIds }: Omit<Props, 'pages'> & { books: Book[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const { near, height } = useNearViewport(ref, KEEP_RENDERED_MARGIN);
  // One element either way, so the observer keeps watching the same node.
  return (
    <Box ref={ref} sx={near ? bookGridSx : { height }}>
      {near && books.map((book) => <BookCard key={book._id} book={book} onBook={onBook} bookingId={bookedIds.get(book._id)} />)}
    </Box>
  );
}

/** The loaded pages of a book list, each one grid, rendered only while near the viewport. */
export function BookPages({ pages, onBook, bookedIds }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {pages.map((page, index) => (
        // Pages only ever append: the position is a stable key.
        <BookPageBlock key={index} books={page.books} onBook={onBook} bookedIds={bookedIds} />
      ))}
    </Box>
  );
}
