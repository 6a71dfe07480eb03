import { isIsbn } from './isbn';

describe('isIsbn', () => {
  it('takes ISBN-10 and ISBN-13 with a right check digit, hyphens and spaces allowed', () => {
    for (const isbn of ['0141439513', '0-14-143951-3', '9780141439518', '978-0-14-143951-8', '978 0 14 143951 8', '080442957X', '080442957x']) {
      expect(isIsbn(isbn)).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong length and words', () => {
    for (const text of ['0141439514', '9780141439519', '978014143951', '1234567890123', 'dune', '']) {
      expect(isIsbn(text)).toBe(false);
    }
  });
});
