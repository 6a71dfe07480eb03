import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random [A-Za-z0-9] text, the character set of Stripe's object ids and secrets. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

/** An id shaped like Stripe's: `pi_3Q...`, `pm_1P...`, `ch_3Q...`. */
export function newId(prefix: 'pi' | 'pm' | 'ch' | 're' | 'req' | 'evt'): string {
  return `${prefix}_${randomToken(24)}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
