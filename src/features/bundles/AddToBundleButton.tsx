import Button from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { accessTokenSubject } from '../../lib/accessTokenSubject';
import type { AddToBundleProps } from './AddToBundle';
import { useAddToBundleMutation, useGetBundlesQuery } from './bundlesApi';
import { useBundleListeners } from './bundlesListeners';
import { bundlesCopy } from './copy';

/**
 * Adds the book to the buyer's bundle of its seller; once there, the same button leads to the
 * bundles (the focus stays on it). Not on one's own book. Shown once the bundles are read (or
 * could not be): a button that said "Add to bundle" while they load would become "View bundle"
 * under the pointer, and a click meant to add would leave the page.
 */
export default function AddToBundleButton({ bookId, sellerId, describedBy, size, sx }: AddToBundleProps) {
  useBundleListeners();
  const own = sellerId !== undefined && sellerId === accessTokenSubject();
  const { inBundle, known } = useGetBundlesQuery(undefined, {
    skip: own,
    selectFromResult: ({ data, isError }) => ({
      inBundle: data?.some((bundle) => bundle.books.some((book) => book.bookId === bookId)) ?? false,
      known: data !== undefined || isError,
    }),
  });
  const [add, adding] = useAddToBundleMutation();
  const navigate = useNavigate();
  if (own || !known) return null;

  const onClick = () => {
    if (inBundle) void navigate(paths.bundles);
    else if (!adding.isLoading) void add({ bookId, sellerId });
  };
  return (
    <Button variant="outlined" size={size} onClick={onClick} aria-describedby={describedBy} aria-disabled={adding.isLoading || undefined} sx={sx}>
      {inBundle ? bundlesCopy.view : adding.isLoading ? bundlesCopy.adding : bundlesCopy.add}
    </Button>
  );
}
