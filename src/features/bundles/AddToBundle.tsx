import type { SxProps, Theme } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useHydrated } from '../../lib/useHydrated';
import { selectAuthStatus } from '../auth/authSlice';

// The button, the bundles' endpoints and listeners come in a chunk of their own, only for someone
// signed in: the public pages that show it stay as light as they are.
const AddToBundleButton = lazy(() => import(/* webpackChunkName: "add-to-bundle" */ './AddToBundleButton'));

export interface AddToBundleProps {
  bookId: string;
  /** The book's seller when the page knows it; left out, it is looked up on the click. */
  sellerId?: string;
  /** The id of the book's title, read after the button's name. */
  describedBy?: string;
  size?: 'small' | 'medium' | 'large';
  sx?: SxProps<Theme>;
}

/**
 * "Add to bundle" on a book for sale, for a signed-in buyer. Shown once the app is live, so a
 * page rendered on the server (where nobody is signed in) hydrates the same markup.
 */
export function AddToBundle(props: AddToBundleProps) {
  const signedIn = useAppSelector(selectAuthStatus) === 'signed-in';
  const hydrated = useHydrated();
  if (!hydrated || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <AddToBundleButton {...props} />
    </Suspense>
  );
}
