import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { rowsOf } from '../../api/paging';
import { EmptyState } from '../../components/EmptyState';
import { OrderBookNames } from '../../components/OrderBookNames';
import { OrderStatus } from '../../components/OrderStatus';
import { PagedTable, type PagedColumn } from '../../components/PagedTable';
import { CellDetails, CellStack } from '../../components/StackedCell';
import { UserScore } from '../../components/UserScore';
import { paths } from '../../config/paths';
import { copy } from '../../config/copy';
import { myBuyerCopy } from './copy';
import type { Booking } from '../../types/entities';
import { useGetSellerBookingsInfiniteQuery } from '../bookings/bookingsApi';
import { formatDollars } from '../../lib/money';
import { orderName, severalBooksOf } from '../../lib/orderLines';

/** What other features add to an order's row (its timeline, its moves): composed in src/app, never imported here. */
export type OrderRowDetails = (booking: Booking) => ReactNode;

const buyerColumns = (details?: OrderRowDetails): PagedColumn<Booking>[] => [
  {
    label: myBuyerCopy.buyer,
    skeleton: 'text',
    // What other sellers say of the buyer, under their name.
    cell: (booking) =>
      booking.buyerScore ? (
        <Box sx={{ display: 'grid', justifyItems: { xs: 'end', sm: 'start' }, gap: 0.25 }}>
          {booking.cusTomername}
          <Box component="span" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
            <UserScore score={booking.buyerScore} />
          </Box>
        </Box>
      ) : (
        booking.cusTomername
      ),
  },
  { label: myBuyerCopy.email, skeleton: 'text', cell: (booking) => booking.email },
  {
    label: copy.myBuyer.book,
    skeleton: 'text',
    // An order of several books is named by its first and lists them all under it.
    cell: (booking) => {
      const link = (
        <Link component={RouterLink} to={paths.order(booking._id)}>
          {orderName(booking)}
        </Link>
      );
      if (severalBooksOf(booking).length === 0) return link;
      return (
        <CellStack>
          {link}
          <OrderBookNames order={booking} />
        </CellStack>
      );
    },
  },
  { label: myBuyerCopy.price, skeleton: 'text', cell: (booking) => formatDollars(booking.resale_price) },
  {
    label: myBuyerCopy.status,
    skeleton: 'chip',
    // The order's state, what the seller must do by when, its timeline and the seller's moves;
    // older answers say only paid or not.
    cell: (booking) =>
      booking.state ? (
        <>
          <CellStack>
            <OrderStatus state={booking.state} deadline={booking.deadline} viewer={booking.viewer ?? 'seller'} />
          </CellStack>
          {details && <CellDetails>{details(booking)}</CellDetails>}
        </>
      ) : (
        <Chip
          size="small"
          color={booking.paid ? 'success' : 'default'}
          label={booking.paid ? copy.myBuyer.paid : myBuyerCopy.unpaid}
        />
      ),
  },
];

/**
 * My Buyer (sellers): who booked the seller's books, and where each order stands, a page at a
 * time, with what `orderDetails` adds to each order's row.
 */
export function MyBuyerPage({ orderDetails }: { orderDetails?: OrderRowDetails }) {
  const list = useGetSellerBookingsInfiniteQuery();
  const [columns] = useState(() => buyerColumns(orderDetails));
  const bookings = rowsOf(list.data?.pages);

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {myBuyerCopy.title}
      </Typography>
      <PagedTable
        label={myBuyerCopy.title}
        columns={columns}
        rows={bookings}
        rowKey={(booking) => booking._id}
        list={list}
        failedText={myBuyerCopy.failed}
        empty={<EmptyState message={myBuyerCopy.empty} action={{ label: copy.myBuyer.toProducts, to: paths.myProducts }} />}
      />
    </Box>
  );
}

/** My Buyer alone (src/app composes it with each order's timeline and moves). */
export function Component() {
  return <MyBuyerPage />;
}
