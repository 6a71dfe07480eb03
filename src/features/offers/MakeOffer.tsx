import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useHydrated } from '../../lib/useHydrated';
import type { DeliveryMethod } from '../../types/entities';
import { selectAuthStatus } from '../auth/authSlice';

// The button, the offers' endpoints and listeners come in a chunk of their own, only for someone
// signed in; the dialog and its form library in another, on the first click.
const MakeOfferButton = lazy(() => import(/* webpackChunkName: "make-offer" */ './MakeOfferButton'));

/** What an offer is for: books of one seller, their asking price together and how they may travel. */
export interface MakeOfferProps {
  bookIds: string[];
  /** The books' seller, when known: no offer on one's own books. */
  sellerId?: string | null;
  /** Dollars: the books' asking price together. */
  asking: number;
  /** The ways every one of the books may travel; the shipping price when it is one figure. */
  deliveries: DeliveryMethod[];
  shippingPrice?: number | null;
  /** The books, named in the dialog ("Dune", "Dune and 2 more books"). */
  subject: string;
  /** For several books (a bundle): the button says so. */
  several?: boolean;
  /** The id of the books' title, read after the button's name. */
  describedBy?: string;
  size?: 'small' | 'medium' | 'large';
  sx?: SxProps<Theme>;
}

/**
 * "Make an offer" for a signed-in buyer, once the app is live, so a page rendered on the server
 * (where nobody is signed in) hydrates the same markup.
 */
export function MakeOffer(props: MakeOfferProps) {
  const signedIn = useAppSelector(selectAuthStatus) === 'signed-in';
  const hydrated = useHydrated();
  if (!hydrated || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <MakeOfferButton {...props} />
    </Suspense>
  );
}
