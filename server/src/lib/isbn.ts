import ISBN from 'isbn3';

/**
 * The ISBN-13 of an ISBN-10 or ISBN-13 (hyphens and spaces allowed), or undefined when it is
 * not a valid ISBN (wrong length, check digit or registration group).
 */
export function toIsbn13(value: string): string | undefined {
  return ISBN.asIsbn13(value.trim()) ?? undefined;
}
