import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { rowsOf } from '../../api/paging';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { OrderStatus } from '../../components/OrderStatus';
import { PagedTable, type PagedColumn } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { Booking } from '../../types/entities';
import { selectUser } from '../auth/authSlice';
import { useGetOrderPagesInfiniteQuery } from './bookingsApi';
import { CancelBookingDialog } from './CancelBookingDialog';
import { formatDollars } from '../../lib/money';

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
  // A booking that ended unpaid (cancelled, expired) can no longer be paid: its state says so.
  if (booking.state !== undefined && booking.state !== 'booked') return null;
  if (!booking.resale_price) return null;
  return (
    <Button component={RouterLink} to={paths.payment(booking._id)} size="small" variant="contained" sx={{ ml: 2 }}>
      {copy.orders.pay}
    </Button>
  );
}

function orderColumns(onDelete: (booking: Booking) => void): PagedColumn<Booking>[] {
  return [
    { label: copy.orders.index, skeleton: 'index', cell: (_booking, index) => index + 1 },
    {
      label: copy.orders.image,
      skeleton: 'image',
      cell: (booking) =>
        booking.img && (
          <Box
            component="img"
            src={booking.img}
            alt={booking.bookName}
            sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        ),
    },
    {
      label: copy.orders.bookTitle,
      skeleton: 'text',
      // The title opens the order: its state, deadline, delivery and the moves the buyer may make.
      cell: (booking) => (
        <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-end', sm: 'flex-start' } }}>
          <Link component={RouterLink} to={paths.order(booking._id)}>
            {booking.bookName}
          </Link>
          {booking.state && <OrderStatus state={booking.state} deadline={booking.deadline} viewer={booking.viewer ?? 'buyer'} />}
        </Stack>
      ),
    },
    {
      label: copy.orders.price,
      skeleton: 'text',
      cell: (booking) => (
        <>
          {formatDollars(booking.resale_price)}
          <PayCell booking={booking} />
        </>
      ),
    },
    {
      label: copy.orders.delete,
      // The spec names the column; the hint says what its button does.
      header: (
        <>
          {copy.orders.delete}
          <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
            {copy.orders.deleteHint}
          </Box>
        </>
      ),
      skeleton: 'icon',
      // A paid booking is a sale: it can no longer be cancelled from here.
      cell: (booking) => (
        <IconButton
          aria-label={copy.orders.deleteLabel(booking.bookName)}
          color="error"
          disabled={booking.paid}
          onClick={() => onDelete(booking)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      ),
    },
  ];
}

/** The signed-in user's bookings, a page at a time, with a way to pay or cancel each. */
export function Component() {
  const email = useAppSelector(selectUser)?.email;
  const orders = useGetOrderPagesInfiniteQuery(email ?? skipToken);
  const bookings = rowsOf(orders.data?.pages);
  const [toCancel, setToCancel] = useState<Booking | null>(null);
  const [columns] = useState(() => orderColumns(setToCancel));

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.orders.title}
      </Typography>
      <PagedTable
        label={copy.orders.title}
        columns={columns}
        rows={bookings}
        rowKey={(booking) => booking._id}
        list={orders}
        failedText={copy.orders.failed}
        empty={<EmptyState message={copy.orders.empty} action={{ label: copy.orders.browse, to: paths.home }} />}
        hover
      />
      <CancelBookingDialog booking={toCancel} onClose={() => setToCancel(null)} />
    </Box>
  );
}
