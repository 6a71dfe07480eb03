import type Stripe from 'stripe';
import { badRequest } from '../lib/errors';
import type { ConnectedAccountView, PayoutView } from '../lib/connectProvider';
import { applyAccountUpdate } from './accounts';
import { onPayoutEvent } from './events';
import type { PayoutDeps } from './pay';

/** The Connect events `POST /stripe/webhook` takes besides `payment_intent.succeeded`. */
export const CONNECT_EVENTS: ReadonlySet<string> = new Set(['account.updated', 'payout.paid', 'payout.failed']);

const ACCOUNT_ID = /^acct_[A-Za-z0-9_]{1,250}$/;
const PAYOUT_ID = /^po_[A-Za-z0-9_]{1,250}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The event's account, when it has the shape Stripe sends. */
function accountOf(object: Record<string, unknown>): ConnectedAccountView {
  if (typeof object.id !== 'string' || !ACCOUNT_ID.test(object.id)) throw badRequest('The event carries no account');
  const requirements = isObject(object.requirements) ? object.requirements : {};
  const due = Array.isArray(requirements.currently_due) ? requirements.currently_due.filter((item): item is string => typeof item === 'string') : [];
  return {
    id: object.id,
    charges_enabled: object.charges_enabled === true,
    payouts_enabled: object.payouts_enabled === true,
    details_submitted: object.details_submitted === true,
    requirements: { currently_due: due.slice(0, 100), disabled_reason: stringOrNull(requirements.disabled_reason) },
  };
}

/** The event's payout, when it has the shape Stripe sends. */
function payoutOf(object: Record<string, unknown>): PayoutView {
  if (typeof object.id !== 'string' || !PAYOUT_ID.test(object.id)) throw badRequest('The event carries no payout');
  const metadata = isObject(object.metadata)
    ? Object.fromEntries(Object.entries(object.metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  return {
    id: object.id,
    amount: typeof object.amount === 'number' ? object.amount : 0,
    status: typeof object.status === 'string' ? object.status : '',
    failure_code: stringOrNull(object.failure_code),
    failure_message: stringOrNull(object.failure_message)?.slice(0, 500) ?? null,
    metadata,
  };
}

/**
 * A verified Connect event: `account.updated` sets what a seller's account may do (the only
 * source of that state); `payout.paid` and `payout.failed` settle a payout. Replays and events
 * out of order change nothing twice (accounts.ts, events.ts).
 */
export async function onConnectEvent(deps: PayoutDeps, event: Stripe.Event): Promise<'recorded' | 'ignored'> {
  const object: unknown = event.data?.object;
  if (!isObject(object)) throw badRequest('The event carries no object');
  if (event.type === 'account.updated') {
    const created = typeof event.created === 'number' ? event.created : 0;
    return (await applyAccountUpdate(deps, accountOf(object), created)) ? 'recorded' : 'ignored';
  }
  const account = typeof event.account === 'string' ? event.account : undefined;
  return onPayoutEvent(deps, event.type === 'payout.paid' ? 'payout.paid' : 'payout.failed', payoutOf(object), account);
}
