import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { formatDollars } from '../../lib/money';
import { bundlesCopy } from './copy';
import type { Bundle } from './types';

function Line({ term, children, strong = false }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <>
      <Box component="dt" sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}>
        {term}
      </Box>
      <Box component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: strong ? 700 : 400 }}>
        {children}
      </Box>
    </>
  );
}

/**
 * What the bundle costs: its books, the seller's discount (with its percent) when there is one,
 * shipping for the chosen delivery, and the total. `updating` while another delivery's figures come.
 */
export function BundleTotals({ bundle, updating }: { bundle: Bundle; updating: boolean }) {
  return (
    <Box
      component="dl"
      aria-live="polite"
      aria-busy={updating}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5, m: 0, maxWidth: 360, opacity: updating ? 0.6 : 1 }}
    >
      <Line term={bundlesCopy.subtotal(bundle.books.length)}>{formatDollars(bundle.subtotal)}</Line>
      {bundle.discount > 0 && (
        <Line term={bundlesCopy.discount(bundle.discountPercent)}>{bundlesCopy.minus(formatDollars(bundle.discount))}</Line>
      )}
      <Line term={bundlesCopy.shipping}>
        {bundle.delivery === 'shipping' ? formatDollars(bundle.shipping) : bundlesCopy.noShipping}
      </Line>
      <Line term={bundlesCopy.total} strong>
        {formatDollars(bundle.total)}
      </Line>
    </Box>
  );
}

/** The seller's terms for bundles, in a line: "10% off 3 or more books · Each additional book ships for $1.50". */
export function policyWords({ discounts, additionalShipping }: Bundle['policy']): string {
  const parts = [...discounts]
    .sort((a, b) => a.minBooks - b.minBooks)
    .map((discount) => bundlesCopy.policyDiscount(discount.percent, discount.minBooks));
  if (additionalShipping !== null) parts.push(bundlesCopy.policyShipping(formatDollars(additionalShipping)));
  return parts.join(' · ');
}
