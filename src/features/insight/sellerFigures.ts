import { stateLabel } from '../../lib/orders';
import type { OrderState } from '../../types/entities';
import { insightCopy } from './copy';
import type { StatCard } from './StatCards';
import type { OrdersByState, SellerInsight, SellerTotals } from './types';

const cardOf = (key: keyof SellerTotals, label: string, kind: StatCard['kind'], now: SellerTotals, before: SellerTotals, hint?: string): StatCard => ({
  key,
  label,
  kind,
  now: now[key],
  previous: before[key],
  ...(hint && { hint }),
});

/** The seller's seven cards, in the order a seller reads their shop: attention, interest, sales. */
export function sellerCards({ totals, previousTotals }: SellerInsight): StatCard[] {
  const words = insightCopy.sellerCards;
  const hints = insightCopy.sellerHints;
  return [
    cardOf('views', words.views, 'count', totals, previousTotals),
    cardOf('favourites', words.favourites, 'count', totals, previousTotals),
    cardOf('offers', words.offers, 'count', totals, previousTotals),
    cardOf('orders', words.orders, 'count', totals, previousTotals),
    cardOf('revenue', words.revenue, 'money', totals, previousTotals, hints.revenue),
    cardOf('conversion', words.conversion, 'share', totals, previousTotals, hints.conversion),
    cardOf('averageOrder', words.averageOrder, 'money', totals, previousTotals),
  ];
}

/** Nothing happened in the period: no view, favourite, offer or order. */
export const isQuiet = (totals: SellerTotals): boolean => totals.views === 0 && totals.favourites === 0 && totals.offers === 0 && totals.orders === 0;

/** The orders by state, in the order of an order's life, as rows of a table and slices of a chart. */
export const stateRows = (byState: OrdersByState): { id: OrderState; label: string; value: number }[] =>
  (Object.keys(byState) as OrderState[]).map((state) => ({ id: state, label: stateLabel(state), value: byState[state] }));
