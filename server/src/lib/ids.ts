import { randomBytes } from 'node:crypto';

/** Ids look like MongoDB ObjectIds (24 hex digits), which is what clients of this API expect. */
export const ID_PATTERN = '^[0-9a-f]{24}$';

export function newId(): string {
  return randomBytes(12).toString('hex');
}
