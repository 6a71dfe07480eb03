import { baseApi } from '../../api/baseApi';
import { nextCursorOf, totalCountOf } from '../../api/paging';
import type { Order, OrderMove } from '../../types/entities';

/** What a move sends (`POST /bookings/:id/transitions`). */
export interface MoveBody {
  to: OrderMove;
  /** The buyer's six digits, when the seller hands a meet-up book over. */
  code?: string;
  carrier?: string;
  tracking?: string;
  reason?: string;
}

export interface MoveRequest {
  id: string;
  move: MoveBody;
  /**
   * Asked from a dialog, which shows a failure itself and stays open; a plain button's failure
   * is a toast. Never sent.
   */
  fromDialog?: boolean;
}

export interface DisputesArgs {
  limit: number;
  /** Where the page starts; the first page has none. */
  cursor?: string;
}

export interface DisputePage {
  orders: Order[];
  /** How many orders are disputed over all pages. */
  total: number;
  nextCursor: string | null;
}

/** What a move may have changed: the order, the lists that show it, the books for sale and the seller's earnings. */
function movedTags(id: string, to: OrderMove) {
  return [
    { type: 'Booking' as const, id },
    { type: 'Booking' as const, id: 'LIST' },
    { type: 'Booking' as const, id: 'SELLER' },
    { type: 'Booking' as const, id: 'DISPUTES' },
    { type: 'Notification' as const, id: 'LIST' },
    // A completed order releases the seller's money, a refunded one takes it back.
    ...(to === 'completed' || to === 'refunded' ? ['Earnings' as const] : []),
    // A cancelled or refunded order puts the book on sale again.
    ...(to === 'cancelled' || to === 'refunded'
      ? [
          { type: 'Book' as const, id: 'LIST' },
          { type: 'Product' as const, id: 'LIST' },
        ]
      : []),
  ];
}

export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One order as its buyer, its seller or an admin reads it (`viewer`, `actions`). */
    getOrder: build.query<Order, string>({
      query: (id) => `/bookings/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Booking', id }],
    }),
    moveOrder: build.mutation<Order, MoveRequest>({
      query: ({ id, move }) => ({ url: `/bookings/${encodeURIComponent(id)}/transitions`, method: 'POST', body: move }),
      // A retried move could be made twice (a second refund asked for, a code counted twice).
      extraOptions: { maxRetries: 0 },
      // Also after a refusal: a 409 means someone else moved the order first, so it is read again.
      invalidatesTags: (_result, _error, { id, move }) => movedTags(id, move.to),
    }),
    /** Admin: disputed orders, one Data Grid page at a time (oldest first). */
    getDisputes: build.query<DisputePage, DisputesArgs>({
      query: ({ limit, cursor }) => ({ url: '/admin/disputes', params: { limit, cursor } }),
      transformResponse: (orders: Order[], meta): DisputePage => ({
        orders,
        total: totalCountOf(meta) ?? orders.length,
        nextCursor: nextCursorOf(meta),
      }),
      providesTags: (result) => [
        { type: 'Booking', id: 'DISPUTES' },
        ...(result?.orders ?? []).map((order) => ({ type: 'Booking' as const, id: order._id })),
      ],
    }),
  }),
});

export const { useGetOrderQuery, useMoveOrderMutation, useGetDisputesQuery } = ordersApi;
