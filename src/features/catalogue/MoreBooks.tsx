import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useRef } from 'react';
import { copy } from '../../config/copy';
import { useWhenNear } from './useViewportNearness';

/** The next page is asked for while the end of the list is still this far below the viewport. */
const LOAD_AHEAD_MARGIN = '0px 0px 1200px 0px';

interface Props {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore(): void;
}

/**
 * The end of a book list: the next page loads by itself as the end scrolls near, and a
 * 'Load more' button does the same for keyboards, screen readers and browsers without
 * IntersectionObserver. After a failure only the button (or scrolling back) tries again.
 */
export function MoreBooks({ shown, hasMore, loading, failed, onLoadMore }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadWhenNear = useCallback(() => {
    if (hasMore && !loading && !failed) onLoadMore();
  }, [hasMore, loading, failed, onLoadMore]);
  useWhenNear(sentinel, LOAD_AHEAD_MARGIN, loadWhenNear, shown);

  return (
    <Stack ref={sentinel} data-testid="book-list-end" spacing={1} sx={{ mt: 3, alignItems: 'center' }}>
      <Typography role="status" variant="body2" color="text.secondary">
        {copy.books.shown(shown)}
      </Typography>
      {failed && (
        <Typography role="alert" color="error">
          {copy.books.loadMoreFailed}
        </Typography>
      )}
      {hasMore && (
        <Button variant="outlined" onClick={onLoadMore} disabled={loading}>
          {loading ? copy.books.loadingMore : copy.books.loadMore}
        </Button>
      )}
    </Stack>
  );
}
