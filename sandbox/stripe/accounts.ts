/**
 * Connected accounts: `POST /v1/accounts`, `GET` and `POST /v1/accounts/:id`, and what finishing
 * the hosted onboarding does to one (a bank account attached, charges and payouts enabled, the
 * requested capabilities active, nothing left due), told by an `account.updated` event.
 */
import type Stripe from 'stripe';
import { type PayoutFailureCode, bankAccountObject, testBankAccount } from './bank-accounts';
import { invalidRequest, parameterInvalid, parameterMissing, resourceMissing } from './errors';
import { type FormObject, readBoolean, readObject, readString, readStringMap } from './form';
import { newId, unixNow } from './ids';
import { mergeMetadata } from './params';
import type { SandboxStore, StoredAccount } from './store';
import type { EventSink } from './webhooks';

const ACCOUNT_TYPES = ['custom', 'express', 'standard'] as const;
type AccountType = (typeof ACCOUNT_TYPES)[number];
const BUSINESS_TYPES = ['company', 'government_entity', 'individual', 'non_profit'] as const;
/** The capabilities an account can ask for in the sandbox. */
const CAPABILITIES = ['card_payments', 'transfers'] as const;
type CapabilityName = (typeof CAPABILITIES)[number];

/** What a new US individual account has to give before it can take transfers and pay out. */
export const ONBOARDING_REQUIREMENTS: readonly string[] = [
  'external_account',
  'tos_acceptance.date',
  'tos_acceptance.ip',
  'individual.first_name',
  'individual.last_name',
];

/** Stripe counts requirements of a new account as past due at once: nothing is enabled until given. */
function requirementsOf(due: readonly string[]): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}

/** Who controls the account, as Stripe describes each account type made by a platform. */
function controllerOf(type: AccountType): Stripe.Account.Controller {
  if (type === 'standard') {
    return {
      fees: { payer: 'account' }, is_controller: true, losses: { payments: 'stripe' },
      requirement_collection: 'stripe', stripe_dashboard: { type: 'full' }, type: 'application',
    };
  }
  return {
    fees: { payer: type === 'express' ? 'application_express' : 'application_custom' },
    is_controller: true,
    losses: { payments: 'application' },
    requirement_collection: type === 'express' ? 'stripe' : 'application',
    stripe_dashboard: { type: type === 'express' ? 'express' : 'none' },
    type: 'application',
  };
}

function readChoice<T extends string>(params: FormObject, key: string, choices: readonly T[]): T | undefined {
  const value = readString(params, key);
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    throw parameterInvalid(key, `Invalid ${key}: must be one of ${choices.join(', ')}`, 'parameter_invalid');
  }
  return value as T;
}

function readEmail(params: FormObject): string | undefined {
  const email = readString(params, 'email');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw invalidRequest(`Invalid email address: ${email}`, { code: 'email_invalid', param: 'email' });
  }
  return email;
}

/** `capabilities[transfers][requested]=true` and the like; none asked for means transfers. */
function requestedCapabilities(params: FormObject): CapabilityName[] {
  const asked = readObject(params, 'capabilities') ?? {};
  const names: CapabilityName[] = [];
  for (const [name, value] of Object.entries(asked)) {
    if (!(CAPABILITIES as readonly string[]).includes(name)) {
      throw invalidRequest(`The payment sandbox knows only these capabilities: ${CAPABILITIES.join(', ')}.`, {
        code: 'parameter_unknown',
        param: `capabilities[${name}]`,
      });
    }
    if (typeof value === 'object' && !Array.isArray(value) && readBoolean(value, 'requested')) names.push(name as CapabilityName);
  }
  return names.length > 0 ? names : ['transfers'];
}

/** The top-level fields of `after` that differ from `before`, with their old values. */
function changedAttributes<T extends object>(before: T, after: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return changed;
}

export interface OnboardingDetails {
  firstName: string;
  lastName: string;
  accountNumber: string;
  ip: string;
  userAgent: string | null;
}

export class Accounts {
  constructor(
    private readonly store: SandboxStore,
    private readonly notify: EventSink,
  ) {}

  create(params: FormObject): Stripe.Account {
    const type = readChoice(params, 'type', ACCOUNT_TYPES);
    if (!type) throw parameterMissing('type');
    const country = (readString(params, 'country') ?? 'US').toUpperCase();
    if (country !== 'US') {
      throw invalidRequest('The payment sandbox makes US accounts only (its test bank accounts are US ones).', { param: 'country' });
    }
    const id = newId('acct');
    const due = ONBOARDING_REQUIREMENTS;
    const account: Stripe.Account = {
      id,
      object: 'account',
      business_profile: {
        mcc: null, minority_owned_business_designation: null, name: null, product_description: null,
        specified_commercial_transactions_act_url: null, support_address: null, support_email: null,
        support_phone: null, support_url: null, url: null,
      },
      business_type: readChoice(params, 'business_type', BUSINESS_TYPES) ?? null,
      capabilities: Object.fromEntries(requestedCapabilities(params).map((name) => [name, 'inactive'])),
      charges_enabled: false,
      controller: controllerOf(type),
      country,
      created: unixNow(),
      default_currency: 'usd',
      details_submitted: false,
      email: readEmail(params) ?? null,
      external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
      future_requirements: requirementsOf([]),
      metadata: readStringMap(params, 'metadata') ?? {},
      payouts_enabled: false,
      requirements: requirementsOf(due),
      tos_acceptance: { date: null, ip: null, user_agent: null },
      type,
    };
    this.store.accounts.set(id, { account, payoutFailure: null });
    this.store.save();
    return account;
  }

  /** The stored account, or undefined (the Stripe-Account header check answers its own error). */
  find(id: string): StoredAccount | undefined {
    return this.store.accounts.get(id);
  }

  /** An account named by a parameter: unknown is a 400 naming that parameter, as Stripe answers. */
  named(id: string, param: string): StoredAccount {
    const stored = this.store.accounts.get(id);
    if (!stored) throw resourceMissing(param === 'destination' ? 'destination' : 'account', id, param, 400);
    return stored;
  }

  retrieve(id: string): Stripe.Account {
    const stored = this.store.accounts.get(id);
    if (!stored) throw resourceMissing('account', id, 'account');
    return stored.account;
  }

  /** `POST /v1/accounts/:id`: metadata (merged), email, business_type. */
  update(id: string, params: FormObject): Stripe.Account {
    const account = this.retrieve(id);
    const before = structuredClone(account);
    account.email = readEmail(params) ?? account.email;
    account.business_type = readChoice(params, 'business_type', BUSINESS_TYPES) ?? account.business_type;
    account.metadata = mergeMetadata(account.metadata ?? {}, readStringMap(params, 'metadata'));
    this.store.save();
    const changed = changedAttributes(before, account);
    if (Object.keys(changed).length > 0) this.notify('account.updated', account, id, changed);
    return account;
  }

  /** The onboarding form was filled in with a test bank account: the account can now be paid and pay out. */
  completeOnboarding(id: string, details: OnboardingDetails): Stripe.Account {
    const stored = this.store.accounts.get(id);
    if (!stored) throw resourceMissing('account', id, 'account');
    const { account } = stored;
    const before = structuredClone(account);
    const bank = bankAccountObject(id, `${details.firstName} ${details.lastName}`, details.accountNumber);
    account.external_accounts = { object: 'list', data: [bank], has_more: false, url: `/v1/accounts/${id}/external_accounts` };
    account.capabilities = Object.fromEntries(Object.keys(account.capabilities ?? {}).map((name) => [name, 'active']));
    account.charges_enabled = true;
    account.payouts_enabled = true;
    account.details_submitted = true;
    account.requirements = requirementsOf([]);
    account.tos_acceptance = { date: unixNow(), ip: details.ip, user_agent: details.userAgent };
    stored.payoutFailure = payoutFailureOf(details.accountNumber);
    this.store.save();
    this.notify('account.updated', account, id, changedAttributes(before, account));
    return account;
  }
}

function payoutFailureOf(accountNumber: string): PayoutFailureCode | null {
  return testBankAccount(accountNumber)?.failure ?? null;
}

/** The bank account payouts of this account go to, if onboarding attached one. */
export function payoutBankAccount(account: Stripe.Account): Stripe.BankAccount | undefined {
  return account.external_accounts?.data.find((external): external is Stripe.BankAccount => external.object === 'bank_account');
}
