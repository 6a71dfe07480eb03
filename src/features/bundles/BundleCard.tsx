import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { DeliveryMethod } from '../../types/entities';
import { BundleBooks } from './BundleBooks';
import { BundleCheckoutForm } from './BundleCheckoutForm';
import { BundleTotals, policyWords } from './BundleTotals';
import { useCheckoutBundleMutation, useGetBundleQuery, useRemoveFromBundleMutation } from './bundlesApi';
import { bundlesCopy } from './copy';
import type { Bundle } from './types';

/** Why a bundle cannot be checked out as it stands, if it cannot. */
function blockedBy(bundle: Bundle): string | null {
  if (bundle.books.length === 0) return bundlesCopy.nothingLeft;
  if (bundle.deliveries.length === 0) return bundlesCopy.noCommonDelivery;
  return null;
}

/**
 * One seller's bundle: its books (Remove each), those sold since, the seller's terms, what it
 * costs for the delivery chosen, and the checkout. Choosing another delivery reads the bundle's
 * figures for it (`GET /bundles/:sellerId?delivery=`). `extras`: what other features add (an offer).
 */
export function BundleCard({ bundle, extras }: { bundle: Bundle; extras?: ReactNode }) {
  const id = useId();
  const titleId = `${id}-title`;
  const sellerId = bundle.seller.id;
  const [picked, setPicked] = useState<DeliveryMethod | null>(null);
  // A choice the books no longer allow (one was removed) gives way to the API's.
  const method = picked && bundle.deliveries.includes(picked) ? picked : bundle.delivery;
  const other = useGetBundleQuery({ sellerId, delivery: method ?? undefined }, { skip: method === null || method === bundle.delivery });
  const shown = method !== bundle.delivery && other.data?.delivery === method ? other.data : bundle;
  const [remove] = useRemoveFromBundleMutation();
  const [checkout] = useCheckoutBundleMutation();
  const terms = policyWords(bundle.policy);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <div>
          {/* Where the focus goes when the book it was on is removed. */}
          <Typography id={titleId} ref={heading} tabIndex={-1} component="h2" variant="h5" sx={{ '&:focus': { outline: 'none' } }}>
            {bundlesCopy.from(bundle.seller.name)}
          </Typography>
          <Link component={RouterLink} to={paths.seller(sellerId)} variant="body2" aria-describedby={titleId}>
            {bundlesCopy.sellerPage}
          </Link>
          {terms && (
            <Typography variant="body2" color="text.secondary">
              {terms}
            </Typography>
          )}
        </div>
        <BundleBooks
          books={bundle.books}
          unavailable={bundle.unavailable}
          titleId={titleId}
          onRemove={(bookId) => {
            heading.current?.focus();
            void remove({ sellerId, bookId });
          }}
        />
        {bundle.books.length > 0 && <BundleTotals bundle={shown} updating={method !== bundle.delivery && (other.isFetching || shown === bundle)} />}
        <BundleCheckoutForm
          idPrefix={id}
          deliveries={bundle.deliveries}
          method={method}
          onMethod={setPicked}
          blocked={blockedBy(bundle)}
          onCheckout={(body) => checkout({ sellerId, checkout: body })}
        />
        {extras}
      </Stack>
    </Paper>
  );
}
