import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectAuthStatus, selectUser } from '../auth/authSlice';
import { useGetBookingsQuery } from '../bookings/bookingsApi';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * The signed-in buyer's open (unpaid) bookings, as book id → booking id, so a list can show
 * 'Booked' instead of 'Book Now'. Read from the first page of the buyer's bookings (up to 200).
 */
export function useOpenBookings(): ReadonlyMap<string, string> {
  const status = useAppSelector(selectAuthStatus);
  const email = useAppSelector(selectUser)?.email;
  const { data } = useGetBookingsQuery(email ?? '', { skip: status !== 'signed-in' || !email });
  return useMemo(
    () => (data ? new Map(data.filter((booking) => !booking.paid).map((booking) => [booking.bookId, booking._id])) : NONE),
    [data],
  );
}
