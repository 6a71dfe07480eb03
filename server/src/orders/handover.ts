import { randomInt } from 'node:crypto';

/** The 6-digit code the buyer shows the seller at a meet-up. */
export const handoverCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
