/**
 * Stripe's US test bank accounts (routing number 110000000): which numbers the onboarding page
 * takes, and what a payout to each one does. Pure rules, shared by the page, payouts and tests.
 */
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { newId } from './ids';

export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_BANK_NAME = 'STRIPE TEST BANK';

export type PayoutFailureCode =
  | 'no_account'
  | 'account_closed'
  | 'insufficient_funds'
  | 'debit_not_authorized'
  | 'invalid_currency';

/** Stripe's `failure_message` for each `failure_code` of a failed payout. */
export const PAYOUT_FAILURE_MESSAGES: Readonly<Record<PayoutFailureCode, string>> = {
  no_account: 'The bank account details on file are probably incorrect. No bank account could be located with those details.',
  account_closed: 'The bank account has been closed.',
  insufficient_funds: 'Your Stripe account has insufficient funds to cover the payout.',
  debit_not_authorized:
    'Debit transactions are not approved on the bank account. (Stripe requires bank accounts to be set up for both credit and debit payouts.)',
  invalid_currency:
    'The bank was unable to process this payout because of its currency. This is probably because the bank account cannot accept payments in that currency.',
};

export interface TestBankAccount {
  number: string;
  /** What a payout to it does: null pays, else it fails with this code. */
  failure: PayoutFailureCode | null;
}

/** Stripe's documented US test account numbers, in the order the onboarding page lists them. */
export const TEST_BANK_ACCOUNTS: readonly TestBankAccount[] = [
  { number: '000123456789', failure: null },
  { number: '000111111116', failure: 'no_account' },
  { number: '000111111113', failure: 'account_closed' },
  { number: '000222222227', failure: 'insufficient_funds' },
  { number: '000333333335', failure: 'debit_not_authorized' },
  { number: '000444444440', failure: 'invalid_currency' },
];

export function isPayoutFailureCode(code: string): code is PayoutFailureCode {
  return Object.hasOwn(PAYOUT_FAILURE_MESSAGES, code);
}

/** The test account with this number (spaces and dashes ignored), if it is one. */
export function testBankAccount(number: string): TestBankAccount | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return TEST_BANK_ACCOUNTS.find((account) => account.number === digits);
}

export type BankField = 'routing_number' | 'account_number';

export interface BankProblem {
  field: BankField;
  message: string;
}

/** What is wrong with the bank details as typed, field by field (none: they are a test account). */
export function checkBankDetails(routingNumber: string, accountNumber: string): BankProblem[] {
  const problems: BankProblem[] = [];
  const routing = routingNumber.replace(/[\s-]/g, '');
  if (routing === '') problems.push({ field: 'routing_number', message: 'Enter the routing number.' });
  else if (!/^\d{9}$/.test(routing)) problems.push({ field: 'routing_number', message: 'The routing number must be 9 digits.' });
  else if (routing !== TEST_ROUTING_NUMBER) {
    problems.push({ field: 'routing_number', message: `In test mode, use the routing number ${TEST_ROUTING_NUMBER}.` });
  }
  if (accountNumber.trim() === '') problems.push({ field: 'account_number', message: 'Enter the account number.' });
  else if (!testBankAccount(accountNumber)) {
    problems.push({ field: 'account_number', message: 'In test mode, use one of the test account numbers listed.' });
  }
  return problems;
}

/** The external account Stripe attaches for these details; only the last 4 digits are kept. */
export function bankAccountObject(account: string, holderName: string, accountNumber: string): Stripe.BankAccount {
  const digits = accountNumber.replace(/[\s-]/g, '');
  return {
    id: newId('ba'),
    object: 'bank_account',
    account,
    account_holder_name: holderName,
    account_holder_type: 'individual',
    account_type: null,
    available_payout_methods: ['standard'],
    bank_name: TEST_BANK_NAME,
    country: 'US',
    currency: 'usd',
    default_for_currency: true,
    // Same bank account, same fingerprint, as with Stripe.
    fingerprint: createHash('sha256').update(`${TEST_ROUTING_NUMBER}:${digits}`).digest('base64url').slice(0, 16),
    future_requirements: { currently_due: [], errors: [], past_due: [], pending_verification: [] },
    last4: digits.slice(-4),
    metadata: {},
    requirements: { currently_due: [], errors: [], past_due: [], pending_verification: [] },
    routing_number: TEST_ROUTING_NUMBER,
    status: 'new',
  };
}
