import type { PagedColumn } from '../../components/PagedTable';
import { payoutsCopy } from './copy';
import { formatUsd } from '../../lib/money';
import type { MonthlyCommission, WaitingSeller } from './types';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" → "November 2026" (the month as the API counts it, whatever the reader's time zone). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!Number.isInteger(year) || !Number.isInteger(monthNumber)) return month;
  return monthFormat.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

const amountCell = (amount: number) => (
  <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatUsd(amount)}</span>
);

/** Sellers with money to pay and no active payout account: who, how much, how far their account got. */
export const waitingColumns: PagedColumn<WaitingSeller>[] = [
  { label: payoutsCopy.waiting.seller, skeleton: 'text', cell: (seller) => seller.name },
  { label: payoutsCopy.waiting.email, skeleton: 'text', cell: (seller) => <span style={{ overflowWrap: 'anywhere' }}>{seller.email}</span> },
  { label: payoutsCopy.waiting.available, skeleton: 'text', cell: (seller) => amountCell(seller.available) },
  { label: payoutsCopy.waiting.account, skeleton: 'text', cell: (seller) => payoutsCopy.waiting.accounts[seller.account] },
];

/** The platform's commission, month by month. */
export const commissionColumns: PagedColumn<MonthlyCommission>[] = [
  { label: payoutsCopy.commission.month, skeleton: 'text', cell: (row) => formatMonth(row.month) },
  { label: payoutsCopy.commission.amount, skeleton: 'text', cell: (row) => amountCell(row.commission) },
];
