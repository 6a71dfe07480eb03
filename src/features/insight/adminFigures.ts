import { formatUsd } from '../../lib/money';
import { insightCopy } from './copy';
import type { StatCard } from './StatCards';
import type { AdminInsight, AdminTotals } from './types';

type Kind = StatCard['kind'];

/** The marketplace's cards: money first, then its health, its activity and its growth. */
export function adminCards({ totals, previousTotals }: AdminInsight): StatCard[] {
  const words = insightCopy.adminCards;
  const hints: Partial<Record<keyof AdminTotals, string>> = insightCopy.adminHints;
  const card = (key: keyof typeof words, kind: Kind): StatCard => ({
    key,
    label: words[key],
    kind,
    now: totals[key],
    previous: previousTotals[key],
    ...(hints[key] && { hint: hints[key] }),
  });
  return [
    card('revenue', 'money'),
    card('commission', 'money'),
    card('orders', 'count'),
    card('refundShare', 'share'),
    card('disputeShare', 'share'),
    card('offers', 'count'),
    card('offersAccepted', 'count'),
    card('newUsers', 'count'),
    card('newSellers', 'count'),
    card('newListings', 'count'),
    card('views', 'count'),
    card('conversion', 'share'),
  ];
}

/** Payouts in the period (paid, failed) and waiting now, and the sellers who cannot be paid yet: no change to compare. */
export function payoutCards({ payouts, sellersWithoutPayoutAccount }: AdminInsight): StatCard[] {
  const words = insightCopy.payouts;
  const payoutCard = (key: keyof typeof words): StatCard => ({
    key: `payouts-${key}`,
    label: `${insightCopy.charts.payouts}: ${words[key].toLowerCase()}`,
    kind: 'count',
    now: payouts[key].count,
    text: insightCopy.payoutFigure(payouts[key].count, formatUsd(payouts[key].amount)),
  });
  return [
    payoutCard('paid'),
    payoutCard('failed'),
    payoutCard('waiting'),
    { key: 'sellersWithoutPayoutAccount', label: insightCopy.sellersWithoutAccount, kind: 'count', now: sellersWithoutPayoutAccount },
  ];
}
