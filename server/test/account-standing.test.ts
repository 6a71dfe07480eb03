import { cachedAccountChecker } from '../src/lib/accountStandingCache';
import type { AccountStanding } from '../src/lib/firebaseVerifier';
import { loadConfig } from '../src/config';
import { FakeAccounts } from './fakes';
import { buildTestApp, signUp, type TestApp } from './helper';

/*
 * The identity provider's word on an account (disabled? signed out everywhere?) is trusted for
 * ACCOUNT_CHECK_TTL_MS, so an access-token request does not wait on the provider every time.
 */

function countingChecker(answer: () => Promise<AccountStanding>) {
  const calls: string[] = [];
  return { calls, check: (uid: string) => (calls.push(uid), answer()) };
}

describe('the account-standing window', () => {
  it('asks once per account within the window, and again after it', async () => {
    let clock = 1_000;
    const { calls, check } = countingChecker(() => Promise.resolve({ active: true }));
    const cached = cachedAccountChecker(check, { ttlMs: 5_000, now: () => clock });
    await cached('a');
    await cached('a');
    await cached('b');
    expect(calls).toEqual(['a', 'b']);
    clock += 5_001;
    await cached('a');
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('shares one question among concurrent requests of one account', async () => {
    let release: (standing: AccountStanding) => void = () => undefined;
    const { calls, check } = countingChecker(() => new Promise((resolve) => (release = resolve)));
    const cached = cachedAccountChecker(check, { ttlMs: 5_000 });
    const answers = Promise.all([cached('a'), cached('a'), cached('a')]);
    release({ active: false });
    expect(await answers).toEqual([{ active: false }, { active: false }, { active: false }]);
    expect(calls).toEqual(['a']);
  });

  it('does not remember a failed question', async () => {
    let fail = true;
    const { calls, check } = countingChecker(() => (fail ? Promise.reject(new Error('unreachable')) : Promise.resolve({ active: true })));
    const cached = cachedAccountChecker(check, { ttlMs: 5_000 });
    await expect(cached('a')).rejects.toThrow('unreachable');
    fail = false;
    await expect(cached('a')).resolves.toEqual({ active: true });
    expect(calls).toHaveLength(2);
  });

  it('remembers at most maxEntries accounts, dropping the oldest answer', async () => {
    const { calls, check } = countingChecker(() => Promise.resolve({ active: true }));
    const cached = cachedAccountChecker(check, { ttlMs: 60_000, maxEntries: 2 });
    for (const uid of ['a', 'b', 'c', 'b', 'a']) await cached(uid);
    // a was dropped when c came; b was still known.
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('asks on every call with a window of 0', async () => {
    const { calls, check } = countingChecker(() => Promise.resolve({ active: true }));
    const cached = cachedAccountChecker(check, { ttlMs: 0 });
    await cached('a');
    await cached('a');
    expect(calls).toHaveLength(2);
  });
});

describe('ACCOUNT_CHECK_TTL_MS', () => {
  it('defaults to 5 s and refuses a value outside 0 to 300000', () => {
    expect(loadConfig({}).accountCheckTtlMs).toBe(5_000);
    expect(loadConfig({ ACCOUNT_CHECK_TTL_MS: '0' }).accountCheckTtlMs).toBe(0);
    expect(() => loadConfig({ ACCOUNT_CHECK_TTL_MS: '-1' })).toThrow(/ACCOUNT_CHECK_TTL_MS/);
    expect(() => loadConfig({ ACCOUNT_CHECK_TTL_MS: 'soon' })).toThrow(/ACCOUNT_CHECK_TTL_MS/);
  });
});

describe('through the API, with the window on', () => {
  let t: TestApp;
  const accounts = new FakeAccounts();
  const checked: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      { accountCheckTtlMs: 300 },
      { checkAccount: (uid) => (checked.push(uid), accounts.check(uid)) },
    );
  });
  afterAll(() => t.close());

  it('a disabled account keeps access no longer than the window', async () => {
    const user = await signUp(t.app, 'windowed@test.dev');
    const me = () => t.app.inject({ url: `/users/seller/${user.email}`, headers: user.headers });
    expect((await me()).statusCode).toBe(200);
    const asked = checked.length;
    expect((await me()).statusCode).toBe(200);
    expect(checked.length).toBe(asked); // answered from the window
    accounts.disable(`uid-${user.email}`);
    // Bounded wait for the window to pass; then the provider's word applies.
    const deadline = Date.now() + 5_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await me()).statusCode;
    }
    expect(status).toBe(401);
  });
});
