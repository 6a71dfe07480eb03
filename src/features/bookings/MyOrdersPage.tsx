import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { rowsOf } from '../../api/paging';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { SkeletonRows, type SkeletonColumn } from '../../components/SkeletonRows';
import { stackedTableSx } from '../../components/stackedTable';
import { TableMore } from '../../components/TableMore';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { Booking } from '../../types/entities';
import { selectUser } from '../auth/authSlice';
import { useGetOrderPagesInfiniteQuery } from './bookingsApi';
import { CancelBookingDialog } from './CancelBookingDialog';
import { formatDollars } from '../../lib/money';

const skeletonColumns: SkeletonColumn[] = [
  { label: copy.orders.index, cell: 'index' },
  { label: copy.orders.image, cell: 'image' },
  { label: copy.orders.bookTitle, cell: 'text' },
  { label: copy.orders.price, cell: 'text' },
  { label: copy.orders.delete, cell: 'icon' },
];

function PayCell({ booking }: { booking: Booking }) {
  if (booking.withdrawn) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {copy.orders.withdrawn}
      </Typography>
    );
  }
  if (booking.paid) {
    return (
      <Typography component="span" color="success.main" sx={{ ml: 2 }}>
        {copy.orders.paid}
      </Typography>
    );
  }
  if (!booking.resale_price) return null;
  return (
    <Button component={RouterLink} to={paths.payment(booking._id)} size="small" variant="contained" sx={{ ml: 2 }}>
      {copy.orders.pay}
    </Button>
  );
}

function OrderRow({ booking, index, onDelete }: { booking: Booking; index: number; onDelete: (b: Booking) => void }) {
  return (
    <TableRow hover>
      <TableCell data-label={copy.orders.index}>{index + 1}</TableCell>
      <TableCell data-label={copy.orders.image}>
        {booking.img && (
          <Box
            component="img"
            src={booking.img}
            alt={booking.bookName}
            sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        )}
      </TableCell>
      <TableCell data-label={copy.orders.bookTitle}>{booking.bookName}</TableCell>
      <TableCell data-label={copy.orders.price}>
        {formatDollars(booking.resale_price)}
        <PayCell booking={booking} />
      </TableCell>
      <TableCell data-label={copy.orders.delete}>
        {/* A paid booking is a sale: it can no longer be cancelled from here. */}
        <IconButton
          aria-label={copy.orders.deleteLabel(booking.bookName)}
          color="error"
          disabled={booking.paid}
          onClick={() => onDelete(booking)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}

/** The signed-in user's bookings, a page at a time, with a way to pay or cancel each. */
export function Component() {
  const email = useAppSelector(selectUser)?.email;
  const orders = useGetOrderPagesInfiniteQuery(email ?? skipToken);
  const { isLoading, error } = orders;
  const bookings = rowsOf(orders.data?.pages);
  // A later page that fails keeps the rows shown; its message and retry are at the table's end.
  const isError = orders.isError && !orders.isFetchNextPageError;
  const [toCancel, setToCancel] = useState<Booking | null>(null);

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.orders.title}
      </Typography>
      {isLoading && <PageProgress />}
      {isError && (
        <LoadFailed what={copy.orders.failed} error={error} retrying={orders.isFetching} onRetry={() => void orders.refetch()} />
      )}
      <TableContainer component={Paper}>
        <Table aria-label={copy.orders.title} aria-busy={isLoading} sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{copy.orders.index}</TableCell>
              <TableCell>{copy.orders.image}</TableCell>
              <TableCell>{copy.orders.bookTitle}</TableCell>
              <TableCell>{copy.orders.price}</TableCell>
              <TableCell>
                {copy.orders.delete}
                {/* The spec names the column; this says what its button does. */}
                <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                  {copy.orders.deleteHint}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading && <SkeletonRows columns={skeletonColumns} />}
            {bookings.map((booking, index) => (
              <OrderRow key={booking._id} booking={booking} index={index} onDelete={setToCancel} />
            ))}
            {!isLoading && !isError && bookings.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <EmptyState message={copy.orders.empty} action={{ label: copy.orders.browse, to: paths.home }} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TableMore
        hasMore={orders.hasNextPage}
        loading={orders.isFetchingNextPage}
        failed={orders.isFetchNextPageError}
        onLoadMore={() => void orders.fetchNextPage()}
      />
      <CancelBookingDialog booking={toCancel} onClose={() => setToCancel(null)} />
    </Box>
  );
}
