import { asIsbn13 } from 'isbn3';

/**
 * The ISBN-13 of an ISBN-10 or ISBN-13 as typed or pasted (hyphens and spaces allowed), or
 * undefined when it is not one: wrong length, check digit or registration group. The API checks
 * ISBNs with the same library.
 */
export const toIsbn13 = (value: string): string | undefined => asIsbn13(value.trim()) ?? undefined;
