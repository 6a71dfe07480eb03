import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { rowsOf } from '../../api/paging';
import { LoadFailed } from '../../components/LoadFailed';
import { SkeletonRows, type SkeletonColumn } from '../../components/SkeletonRows';
import { stackedTableSx } from '../../components/stackedTable';
import { TableMore } from '../../components/TableMore';
import { EmptyState } from '../../components/EmptyState';
import { paths } from '../../config/paths';
import { copy } from '../../config/copy';
import { useGetSellerBookingsInfiniteQuery } from '../bookings/bookingsApi';
import { formatDollars } from '../../lib/money';

const skeletonColumns: SkeletonColumn[] = [
  { label: copy.myBuyer.buyer, cell: 'text' },
  { label: copy.myBuyer.email, cell: 'text' },
  { label: copy.myBuyer.book, cell: 'text' },
  { label: copy.myBuyer.price, cell: 'text' },
  { label: copy.myBuyer.status, cell: 'chip' },
];

/** My Buyer (sellers): who booked the seller's books, and whether they paid, a page at a time. */
export function Component() {
  const list = useGetSellerBookingsInfiniteQuery();
  const bookings = rowsOf(list.data?.pages);
  const { isLoading } = list;
  const failed = list.isError && !list.isFetchNextPageError && bookings.length === 0;
  // The bar is for the whole list; 'Load more' shows its own progress.
  const refreshing = list.isFetching && !list.isFetchingNextPage;

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.myBuyer.title}
      </Typography>
      {refreshing && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed ? (
        <LoadFailed what={copy.myBuyer.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : !isLoading && bookings.length === 0 ? (
        <EmptyState message={copy.myBuyer.empty} action={{ label: copy.myBuyer.toProducts, to: paths.myProducts }} />
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label={copy.myBuyer.title} aria-busy={isLoading} sx={stackedTableSx}>
            <TableHead>
              <TableRow>
                <TableCell>{copy.myBuyer.buyer}</TableCell>
                <TableCell>{copy.myBuyer.email}</TableCell>
                <TableCell>{copy.myBuyer.book}</TableCell>
                <TableCell>{copy.myBuyer.price}</TableCell>
                <TableCell>{copy.myBuyer.status}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && <SkeletonRows columns={skeletonColumns} />}
              {bookings.map((booking) => (
                <TableRow key={booking._id}>
                  <TableCell data-label={copy.myBuyer.buyer}>{booking.cusTomername}</TableCell>
                  <TableCell data-label={copy.myBuyer.email}>{booking.email}</TableCell>
                  <TableCell data-label={copy.myBuyer.book}>{booking.bookName}</TableCell>
                  <TableCell data-label={copy.myBuyer.price}>{formatDollars(booking.resale_price)}</TableCell>
                  <TableCell data-label={copy.myBuyer.status}>
                    <Chip
                      size="small"
                      color={booking.paid ? 'success' : 'default'}
                      label={booking.paid ? copy.myBuyer.paid : copy.myBuyer.unpaid}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TableMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Box>
  );
}
