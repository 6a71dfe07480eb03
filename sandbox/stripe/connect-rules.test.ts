/** Pure Connect rules: the test bank numbers, the onboarding form's checks, list pages, the ledger. */
import { Balances } from './balances';
import {
  PAYOUT_FAILURE_MESSAGES,
  TEST_BANK_ACCOUNTS,
  bankAccountObject,
  checkBankDetails,
  isPayoutFailureCode,
  testBankAccount,
} from './bank-accounts';
import { checkSubmission } from './onboarding-page';
import { listPage } from './params';
import { SandboxStore } from './store';

describe('the test bank accounts', () => {
  it("are Stripe's documented US numbers, each with its payout outcome", () => {
    expect(TEST_BANK_ACCOUNTS.map(({ number, failure }) => [number, failure])).toEqual([
      ['000123456789', null],
      ['000111111116', 'no_account'],
      ['000111111113', 'account_closed'],
      ['000222222227', 'insufficient_funds'],
      ['000333333335', 'debit_not_authorized'],
      ['000444444440', 'invalid_currency'],
    ]);
    expect(testBankAccount('0001-2345 6789')?.failure).toBeNull();
    expect(testBankAccount('000123456780')).toBeUndefined();
  });

  it("fail with Stripe's failure messages", () => {
    expect(PAYOUT_FAILURE_MESSAGES.no_account).toBe(
      'The bank account details on file are probably incorrect. No bank account could be located with those details.',
    );
    expect(PAYOUT_FAILURE_MESSAGES.account_closed).toBe('The bank account has been closed.');
    for (const { failure } of TEST_BANK_ACCOUNTS) if (failure) expect(PAYOUT_FAILURE_MESSAGES[failure]).toMatch(/\.\)?$/);
    expect(isPayoutFailureCode('account_closed')).toBe(true);
    expect(isPayoutFailureCode('toString')).toBe(false);
  });

  it('accept only routing number 110000000 and a listed account number', () => {
    expect(checkBankDetails('110000000', '000123456789')).toEqual([]);
    expect(checkBankDetails('', '')).toEqual([
      { field: 'routing_number', message: 'Enter the routing number.' },
      { field: 'account_number', message: 'Enter the account number.' },
    ]);
    expect(checkBankDetails('1100000', '000111111116')).toEqual([{ field: 'routing_number', message: 'The routing number must be 9 digits.' }]);
    expect(checkBankDetails('021000021', '000111111116')[0].message).toBe('In test mode, use the routing number 110000000.');
    expect(checkBankDetails('110000000', '123')[0].field).toBe('account_number');
  });

  it('make a bank_account object keeping only the last 4 digits, with a stable fingerprint', () => {
    const bank = bankAccountObject('acct_1', 'Jenny Rosen', '000222222227');
    expect(bank).toMatchObject({ object: 'bank_account', account: 'acct_1', last4: '2227', routing_number: '110000000', bank_name: 'STRIPE TEST BANK' });
    expect(JSON.stringify(bank)).not.toContain('000222222227');
    expect(bankAccountObject('acct_2', 'Other', '000222222227').fingerprint).toBe(bank.fingerprint);
  });
});

describe('the onboarding form', () => {
  const good = { first_name: 'Jenny', last_name: 'Rosen', routing_number: '110000000', account_number: '000123456789', tos_acceptance: 'accepted' };

  it('takes a filled-in form and names every missing part', () => {
    expect(checkSubmission(good)).toEqual({});
    expect(Object.keys(checkSubmission({ first_name: '', last_name: '', routing_number: '', account_number: '', tos_acceptance: '' }))).toEqual([
      'first_name', 'last_name', 'routing_number', 'account_number', 'tos_acceptance',
    ]);
  });
});

describe('list pages', () => {
  const items = ['e', 'd', 'c', 'b', 'a'].map((id) => ({ id }));
  const ids = (params: Record<string, string>) => {
    const page = listPage(items, params, '/v1/things', 'thing');
    return [page.data.map((item) => item.id).join(''), page.has_more];
  };

  it('pages newest first with starting_after and ending_before', () => {
    expect(ids({})).toEqual(['edcba', false]);
    expect(ids({ limit: '2' })).toEqual(['ed', true]);
    expect(ids({ limit: '2', starting_after: 'd' })).toEqual(['cb', true]);
    expect(ids({ limit: '2', starting_after: 'b' })).toEqual(['a', false]);
    expect(ids({ limit: '2', ending_before: 'b' })).toEqual(['dc', true]);
    expect(ids({ limit: '2', ending_before: 'd' })).toEqual(['e', false]);
    expect(() => ids({ starting_after: 'z' })).toThrow("No such thing: 'z'");
    expect(() => ids({ limit: '101' })).toThrow('between 1 and 100');
  });
});

describe('the balance ledger', () => {
  it('books each source once per balance, and sums per account', () => {
    const store = new SandboxStore();
    const balances = new Balances(store);
    const first = balances.book({ account: null, type: 'transfer', amount: -700, currency: 'usd', source: 'tr_1' });
    expect(balances.book({ account: null, type: 'transfer', amount: -700, currency: 'usd', source: 'tr_1' })).toBe(first);
    balances.book({ account: 'acct_1', type: 'payment', amount: 700, currency: 'usd', source: 'py_1' });
    balances.book({ account: 'acct_1', type: 'payout', amount: -900, currency: 'usd', source: 'po_1' });
    expect(store.ledger).toHaveLength(3);
    expect(balances.available(null, 'usd')).toBe(-700);
    expect(balances.available('acct_1', 'usd')).toBe(-200);
    expect(balances.retrieve('acct_1').available).toEqual([{ amount: -200, currency: 'usd', source_types: { card: -200 } }]);
  });
});
