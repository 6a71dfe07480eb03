import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random [A-Za-z0-9] text, the character set of Stripe's object ids and secrets. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

export type IdPrefix =
  | 'pi' | 'pm' | 'ch' | 're' | 'req' | 'evt'
  | 'acct' | 'ba' | 'tr' | 'trr' | 'py' | 'pyr' | 'po' | 'txn';

/** An id shaped like Stripe's: `pi_3Q...`, `pm_1P...`, `ch_3Q...`; accounts are shorter, `acct_1P...`. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(prefix === 'acct' ? 16 : 24)}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
