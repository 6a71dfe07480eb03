import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { waitForSession } from '../../app/session';
import type { AppStore } from '../../app/store';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import type { Book } from '../../types/entities';
import { BookCardsSkeleton } from './BookCardsSkeleton';
import { BookingModal } from './BookingModal';
import { BookPages } from './BookPages';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { catalogueApi, useGetBooksInfiniteQuery } from './catalogueApi';
import { MoreBooks } from './MoreBooks';
import { useOpenBookings } from './useOpenBookings';

/**
 * Fetches the first page of books before the page shows. The loader's own subscription ends at
 * once: the cache keeps the answer for the page's hook, which holds its own subscription.
 */
export function makeLoader(store: AppStore) {
  return async ({ params }: LoaderFunctionArgs) => {
    const state = await waitForSession(store);
    // Signed out: the guard sends the visitor to the log-in page.
    if (state.auth.status !== 'signed-in') return null;
    const request = store.dispatch(catalogueApi.endpoints.getBooks.initiate(params.id));
    try {
      await request;
    } finally {
      request.unsubscribe();
    }
    return null;
  };
}

/** While the first books load (DataPage shows it): the progress bar over the page's shape. */
export function Loading() {
  return (
    <>
      <PageProgress />
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Skeleton aria-hidden="true" variant="text" sx={{ typography: 'h2', width: 'min(20rem, 70%)', mb: 3 }} />
        <BookCardsSkeleton />
      </Container>
    </>
  );
}

export function Component() {
  const { id } = useParams();
  // Mounting after a failed prefetch tries once more; the earlier error stays set meanwhile, so
  // the failure shows at once (its Retry busy) rather than a second wait. A later page that fails
  // keeps the books shown and says so at the list's end.
  const books = useGetBooksInfiniteQuery(id);
  const pages = books.data?.pages ?? [];
  const shown = pages.reduce((count, page) => count + page.books.length, 0);
  const failed = books.error !== undefined && !books.isFetchNextPageError && shown === 0;
  const waiting = books.isLoading && !failed;
  // The heading names the category as the home page does; the slug stands in until the list is known.
  const { data: categories } = useGetCategoriesQuery(undefined, { skip: id === undefined });
  const categoryName = categories?.find((category) => category.category === id)?.name ?? id;
  const bookedIds = useOpenBookings();
  const [chosen, setChosen] = useState<Book | null>(null);
  const [modalOpen, setModalOpen] = useState(false);

  const openBooking = (book: Book) => {
    setChosen(book);
    setModalOpen(true);
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography component="h1" variant="h2" sx={{ mb: 3 }}>
        {categoryName === undefined ? copy.books.allBooksTitle : copy.books.categoryTitle(categoryName)}
      </Typography>
      {waiting && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <PageProgress />
          <BookCardsSkeleton />
        </Box>
      )}
      {failed && <LoadFailed what={copy.books.failed} error={books.error} retrying={books.isFetching} onRetry={() => void books.refetch()} />}
      {!waiting && !failed && shown === 0 && <Typography color="text.secondary">{copy.books.empty}</Typography>}
      {shown > 0 && (
        <Box>
          <BookPages pages={pages} onBook={openBooking} bookedIds={bookedIds} />
          <MoreBooks
            shown={shown}
            hasMore={books.hasNextPage}
            loading={books.isFetchingNextPage}
            failed={books.isFetchNextPageError}
            onLoadMore={() => void books.fetchNextPage()}
          />
        </Box>
      )}
      {chosen && (
        // Outside the pages: the modal stays open even if its card's page is released meanwhile.
        <BookingModal
          key={chosen._id}
          book={chosen}
          open={modalOpen}
          onClose={() => setModalOpen(false)}
          onExited={() => setChosen(null)}
        />
      )}
    </Container>
  );
}
