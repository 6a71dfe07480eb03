import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { bookColumns } from './bookColumns';
import { insightCopy } from './copy';
import { CsvButton } from './CsvButton';
import { sellerBooksCsv } from './insightApi';
import type { PeriodDays } from './types';
import { BOOK_PAGE_SIZES, useBooksGrid } from './useBooksGrid';

const words = insightCopy.books;

/** The seller's listed books with their figures for the period: paged and sorted by the API, and all of them as CSV. */
export function BooksGrid({ days }: { days: PeriodDays }) {
  const list = useBooksGrid(days);
  const failed = list.error !== null;
  const empty = !list.isLoading && !failed && list.total === 0;
  return (
    <Paper component="section" aria-labelledby="insight-books" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Box>
          <Typography id="insight-books" variant="h6" component="h2">
            {words.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {words.intro}
          </Typography>
        </Box>
        {!empty && <CsvButton file={sellerBooksCsv(days, list.sort)} />}
      </Stack>
      {list.isFetching && !list.isLoading && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed && (
        <Box sx={{ mb: 1 }}>
          <LoadFailed what={words.failed} error={list.error} retrying={list.isFetching} onRetry={list.retry} />
        </Box>
      )}
      {empty ? (
        <Typography color="text.secondary">{words.empty}</Typography>
      ) : (
        <DataGrid
          label={words.title}
          rows={list.books}
          columns={bookColumns}
          getRowId={(book) => book.bookId}
          loading={list.isLoading || list.isLoadingPage}
          autoHeight
          disableVirtualization
          disableRowSelectionOnClick
          disableColumnFilter
          paginationMode="server"
          sortingMode="server"
          sortingOrder={['desc', 'asc']}
          rowCount={list.total}
          pageSizeOptions={BOOK_PAGE_SIZES}
          paginationModel={list.paginationModel}
          onPaginationModelChange={list.onPaginationModelChange}
          sortModel={list.sortModel}
          onSortModelChange={list.onSortModelChange}
          sx={{ bgcolor: 'background.paper' }}
        />
      )}
    </Paper>
  );
}
