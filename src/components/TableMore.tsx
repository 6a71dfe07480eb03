import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { copy } from '../config/copy';

interface Props {
  /** Another page follows the ones shown. */
  hasMore: boolean;
  /** The next page is on its way. */
  loading: boolean;
  /** The last try at the next page failed; the rows shown stay. */
  failed: boolean;
  onLoadMore(): void;
}

/**
 * The end of a table that pages: 'Load more' asks for the next page ('Loading more…' with a
 * spinner meanwhile); when it fails, a message says so and the same button tries again.
 *
 * It is one button throughout, only marked aria-disabled while a page loads (a disabled button
 * drops the keyboard focus): whoever pressed it keeps the focus on it, and the next page is one
 * more press away.
 */
export function TableMore({ hasMore, loading, failed, onLoadMore }: Props) {
  if (!hasMore) return null;
  const label = loading ? copy.tableMore.loadingMore : failed ? copy.tableMore.retry : copy.tableMore.loadMore;
  return (
    <Stack spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
      {failed && !loading && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {copy.tableMore.failed}
        </Alert>
      )}
      <Button
        variant="outlined"
        aria-disabled={loading}
        aria-busy={loading}
        startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        onClick={() => {
          if (!loading) onLoadMore();
        }}
      >
        {label}
      </Button>
    </Stack>
  );
}
