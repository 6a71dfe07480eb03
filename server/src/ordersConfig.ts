import { parseIsoDuration } from './lib/isoDuration';

type Env = Record<string, string | undefined>;

/** How long each step of an order may take before the server acts (milliseconds). */
export interface OrderDeadlines {
  /** A booking not paid in time expires (`ORDER_PAY_WITHIN`, P2D). */
  payWithinMs: number;
  /** A paid order neither ready nor shipped in time is refunded (`ORDER_SHIP_WITHIN`, P5D). */
  shipWithinMs: number;
  /** A meet-up not handed over in time after `ready` is refunded (`ORDER_HANDOVER_WITHIN`, P7D). */
  handoverWithinMs: number;
  /** A shipped order becomes received by itself (`ORDER_AUTO_RECEIVE_AFTER`, P14D). */
  autoReceiveAfterMs: number;
  /** After `received`, the buyer may report a problem this long; then it completes (`ORDER_PROBLEM_WINDOW`, P2D). */
  problemWindowMs: number;
  /** The seller is reminded this long before the ship deadline (one day). */
  shipReminderBeforeMs: number;
  /**
   * A refund marked this long ago and not finished was left by a process that died; the sweep
   * finishes it (`ORDER_REFUND_RETRY_AFTER`, PT1M: longer than the payment provider's time-out).
   */
  refundRetryAfterMs: number;
  /** An offer or counter left unanswered this long expires (`OFFER_EXPIRES_AFTER`, P2D). */
  offerExpiresAfterMs: number;
  /** The side an offer waits for is reminded this long before it expires (one day). */
  offerReminderBeforeMs: number;
  /** The order of an accepted offer is paid within this, or it expires (`OFFER_PAY_WITHIN`, P1D). */
  offerPayWithinMs: number;
}

/** Where order emails go out, and where their links point. */
export interface MailConfig {
  /** `smtp://host:port` (or `smtps://`); unset, no email is sent (notifications stay in the app). */
  smtpUrl?: string;
  from: string;
  /** The web client's address, for the links in emails. */
  clientUrl: string;
}

export interface OrdersConfig {
  orderDeadlines: OrderDeadlines;
  /** How often every API process sweeps for passed deadlines and unsent emails; 0 turns the timer off. */
  orderSweepIntervalMs: number;
  /**
   * `ORDER_TIME_TRAVEL=1`: an admin may move one order's clock forward (`POST
   * /test/orders/:id/elapse`), so browser journeys see a deadline pass. Only with the Auth
   * emulator and a test payment key (`assertSafeIdentityMode` refuses it otherwise).
   */
  orderTimeTravel: boolean;
  mail: MailConfig;
}

const DAY_MS = 86_400_000;

export const DEFAULT_ORDER_DEADLINES: OrderDeadlines = {
  payWithinMs: 2 * DAY_MS,
  shipWithinMs: 5 * DAY_MS,
  handoverWithinMs: 7 * DAY_MS,
  autoReceiveAfterMs: 14 * DAY_MS,
  problemWindowMs: 2 * DAY_MS,
  shipReminderBeforeMs: DAY_MS,
  refundRetryAfterMs: 60_000,
  offerExpiresAfterMs: 2 * DAY_MS,
  offerReminderBeforeMs: DAY_MS,
  offerPayWithinMs: DAY_MS,
};

/** The longest a deadline may be: a year. */
const MAX_DEADLINE_MS = 366 * DAY_MS;

/** The order deadlines, the sweep's interval and the mail settings, read from the environment. */
export function ordersConfig(env: Env, clientOrigins: string[], problems: string[]): OrdersConfig {
  const duration = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = parseIsoDuration(raw);
    if (value === undefined || value < 1_000 || value > MAX_DEADLINE_MS) {
      problems.push(`${name} must be an ISO 8601 duration from PT1S to P366D (such as P5D or PT12H), got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const orderDeadlines: OrderDeadlines = {
    payWithinMs: duration('ORDER_PAY_WITHIN', DEFAULT_ORDER_DEADLINES.payWithinMs),
    shipWithinMs: duration('ORDER_SHIP_WITHIN', DEFAULT_ORDER_DEADLINES.shipWithinMs),
    handoverWithinMs: duration('ORDER_HANDOVER_WITHIN', DEFAULT_ORDER_DEADLINES.handoverWithinMs),
    autoReceiveAfterMs: duration('ORDER_AUTO_RECEIVE_AFTER', DEFAULT_ORDER_DEADLINES.autoReceiveAfterMs),
    problemWindowMs: duration('ORDER_PROBLEM_WINDOW', DEFAULT_ORDER_DEADLINES.problemWindowMs),
    shipReminderBeforeMs: DEFAULT_ORDER_DEADLINES.shipReminderBeforeMs,
    refundRetryAfterMs: duration('ORDER_REFUND_RETRY_AFTER', DEFAULT_ORDER_DEADLINES.refundRetryAfterMs),
    offerExpiresAfterMs: duration('OFFER_EXPIRES_AFTER', DEFAULT_ORDER_DEADLINES.offerExpiresAfterMs),
    offerReminderBeforeMs: DEFAULT_ORDER_DEADLINES.offerReminderBeforeMs,
    offerPayWithinMs: duration('OFFER_PAY_WITHIN', DEFAULT_ORDER_DEADLINES.offerPayWithinMs),
  };

  const sweepRaw = env.ORDER_SWEEP_INTERVAL_MS?.trim();
  let orderSweepIntervalMs = 30_000;
  if (sweepRaw) {
    const value = Number(sweepRaw);
    if (!/^\d+$/.test(sweepRaw) || (value !== 0 && value < 100) || value > 3_600_000) {
      problems.push(`ORDER_SWEEP_INTERVAL_MS must be 0 (off) or a whole number of milliseconds from 100 to 3600000, got "${sweepRaw}"`);
    } else {
      orderSweepIntervalMs = value;
    }
  }

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s/]+/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://host:port or smtps://user:password@host:port');
  }
  const from = env.MAIL_FROM?.trim() || 'Book Resale <orders@book-resale.local>';
  const clientUrl = (env.CLIENT_URL?.trim() || clientOrigins[0] || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(clientUrl)) problems.push('CLIENT_URL must be an http(s) URL');
  const orderTimeTravel = /^(1|true|yes|on)$/i.test(env.ORDER_TIME_TRAVEL?.trim() ?? '');
  return { orderDeadlines, orderSweepIntervalMs, orderTimeTravel, mail: { smtpUrl, from, clientUrl } };
}
