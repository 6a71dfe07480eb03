/**
 * Account Links (`POST /v1/account_links`): single-use URLs of the sandbox's hosted onboarding page,
 * `<sandbox url>/connect/onboarding/<token>`, that expire after 5 minutes (an option, for tests).
 * A used or expired link sends the browser to its `refresh_url`, as Stripe does.
 */
import type Stripe from 'stripe';
import type { Accounts } from './accounts';
import { invalidRequest, parameterInvalid, parameterMissing } from './errors';
import { type FormObject, readString } from './form';
import { randomToken } from './ids';
import type { SandboxStore, StoredAccountLink } from './store';

export const DEFAULT_ACCOUNT_LINK_LIFETIME_MS = 5 * 60 * 1000;
/** Links this long past their expiry are forgotten: they could only redirect anyway. */
const FORGET_AFTER_MS = 24 * 3600 * 1000;
const LINK_TYPES = ['account_onboarding', 'account_update'];

export type LinkVisit =
  | { state: 'unknown' }
  | { state: 'open' | 'expired' | 'used'; link: StoredAccountLink };

export interface AccountLinkOptions {
  /** The sandbox's own base URL, as the browser reaches it (no trailing slash). */
  baseUrl: () => string;
  lifetimeMs: number;
}

function readUrl(params: FormObject, param: string): string {
  const text = readString(params, param);
  if (text === undefined || text === '') throw parameterMissing(param);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalidRequest('Not a valid URL', { code: 'url_invalid', param });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidRequest('Not a valid URL', { code: 'url_invalid', param });
  return text;
}

export class AccountLinks {
  constructor(
    private readonly store: SandboxStore,
    private readonly accounts: Accounts,
    private readonly options: AccountLinkOptions,
  ) {}

  create(params: FormObject): Stripe.AccountLink {
    const account = readString(params, 'account');
    if (!account) throw parameterMissing('account');
    this.accounts.named(account, 'account');
    const type = readString(params, 'type');
    if (!type) throw parameterMissing('type');
    if (!LINK_TYPES.includes(type)) {
      throw parameterInvalid('type', `Invalid type: must be one of ${LINK_TYPES.join(' or ')}`, 'parameter_invalid');
    }
    if (type !== 'account_onboarding') {
      throw invalidRequest('The payment sandbox makes account_onboarding links only.', { param: 'type' });
    }
    const refreshUrl = readUrl(params, 'refresh_url');
    const returnUrl = readUrl(params, 'return_url');
    const nowMs = Date.now();
    this.forgetOldLinks(nowMs);
    const link: StoredAccountLink = {
      token: randomToken(32),
      account,
      refreshUrl,
      returnUrl,
      expiresAtMs: nowMs + this.options.lifetimeMs,
      usedAtMs: null,
    };
    this.store.accountLinks.set(link.token, link);
    this.store.save();
    const created = Math.floor(nowMs / 1000);
    return {
      object: 'account_link',
      created,
      expires_at: created + Math.ceil(this.options.lifetimeMs / 1000),
      url: `${this.options.baseUrl()}/connect/onboarding/${link.token}`,
    };
  }

  /** What opening (or submitting) the page of `token` finds. */
  visit(token: string, nowMs = Date.now()): LinkVisit {
    const link = this.store.accountLinks.get(token);
    if (!link) return { state: 'unknown' };
    if (link.usedAtMs !== null) return { state: 'used', link };
    if (nowMs >= link.expiresAtMs) return { state: 'expired', link };
    return { state: 'open', link };
  }

  /** The caller saves (with the account it completes). */
  markUsed(link: StoredAccountLink): void {
    link.usedAtMs = Date.now();
  }

  private forgetOldLinks(nowMs: number): void {
    for (const [token, link] of this.store.accountLinks) {
      if (link.expiresAtMs < nowMs - FORGET_AFTER_MS) this.store.accountLinks.delete(token);
    }
  }
}
