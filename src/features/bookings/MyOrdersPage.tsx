import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { rowsOf } from '../../api/paging';
import { useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../components/EmptyState';
import { OrderBookNames } from '../../components/OrderBookNames';
import { OrderStatus } from '../../components/OrderStatus';
import { PagedTable, type PagedColumn } from '../../components/PagedTable';
import { CellDetails, CellStack } from '../../components/StackedCell';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { Booking } from '../../types/entities';
import { selectUser } from '../auth/authSlice';
import { useGetOrderPagesInfiniteQuery } from './bookingsApi';
import { CancelBookingDialog } from './CancelBookingDialog';
import { formatDollars } from '../../lib/money';
import { orderName } from '../../lib/orderLines';

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

/** What other features add to an order's row (its timeline, its moves): composed in src/app, never imported here. */
export type OrderRowDetails = (booking: Booking) => ReactNode;

function orderColumns(onDelete: (booking: Booking) => void, details?: OrderRowDetails): PagedColumn<Booking>[] {
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
            alt={orderName(booking)}
            sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        ),
    },
    {
      label: copy.orders.bookTitle,
      skeleton: 'text',
      // The title opens the order (an order of several books lists them under it); under it its
      // state, next deadline, timeline and the buyer's moves.
      cell: (booking) => (
        <>
          <CellStack>
            <Link component={RouterLink} to={paths.order(booking._id)}>
              {orderName(booking)}
            </Link>
            <OrderBookNames order={booking} />
            {booking.state && <OrderStatus state={booking.state} deadline={booking.deadline} viewer={booking.viewer ?? 'buyer'} />}
          </CellStack>
          {booking.state && details && <CellDetails>{details(booking)}</CellDetails>}
        </>
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
          aria-label={copy.orders.deleteLabel(orderName(booking))}
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

/**
 * The signed-in user's bookings, a page at a time, with a way to pay or cancel each, and what
 * `orderDetails` adds to each order's row.
 */
export function MyOrdersPage({ orderDetails }: { orderDetails?: OrderRowDetails }) {
  const email = useAppSelector(selectUser)?.email;
  const orders = useGetOrderPagesInfiniteQuery(email ?? skipToken);
  const bookings = rowsOf(orders.data?.pages);
  const [toCancel, setToCancel] = useState<Booking | null>(null);
  const [columns] = useState(() => orderColumns(setToCancel, orderDetails));

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

/** My Orders alone (src/app composes it with each order's timeline and moves). */
export function Component() {
  return <MyOrdersPage />;
}
