import type { AccountChecker, AccountStanding } from './firebaseVerifier';

export interface AccountStandingCacheOptions {
  /** How long an answer of the identity provider is trusted; 0 asks on every request. */
  ttlMs: number;
  /** At most this many accounts are remembered; the oldest answer goes first. */
  maxEntries?: number;
  now?: () => number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Asks the identity provider about an account at most once per `ttlMs`: an account disabled or
 * signed out everywhere at the provider loses access within that window, not for the lifetime
 * of its access token. Concurrent requests of one account share one question; a failed question
 * is not remembered (the next request asks again).
 */
export function cachedAccountChecker(check: AccountChecker, options: AccountStandingCacheOptions): AccountChecker {
  if (options.ttlMs <= 0) return check;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const answers = new Map<string, { standing: AccountStanding; until: number }>();
  const asking = new Map<string, Promise<AccountStanding>>();

  return async (uid) => {
    const known = answers.get(uid);
    if (known && known.until > now()) return known.standing;
    const pending = asking.get(uid);
    if (pending) return pending;
    const question = check(uid)
      .then((standing) => {
        answers.delete(uid);
        if (answers.size >= maxEntries) answers.delete(answers.keys().next().value as string);
        answers.set(uid, { standing, until: now() + options.ttlMs });
        return standing;
      })
      .finally(() => asking.delete(uid));
    asking.set(uid, question);
    return question;
  };
}
