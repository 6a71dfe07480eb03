/**
 * Whether a text is an ISBN-10 or ISBN-13 (hyphens and spaces allowed) by its length and check
 * digit: enough to tell an ISBN from words without the registration groups' tables, which only
 * the add-product form carries (the API checks those).
 */
export function isIsbn(text: string): boolean {
  const digits = text.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(digits)) {
    const sum = [...digits].reduce((total, digit, index) => total + (digit === 'X' ? 10 : Number(digit)) * (10 - index), 0);
    return sum % 11 === 0;
  }
  if (/^97[89]\d{10}$/.test(digits)) {
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
    return sum % 10 === 0;
  }
  return false;
}
