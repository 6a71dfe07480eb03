import { formatAmount, formatDollars, formatSignedUsd, formatUsd, sellerShare } from './money';

describe('prices', () => {
  it('shows whole dollars without cents and others with two decimals', () => {
    expect(formatDollars(14)).toBe('$14');
    expect(formatDollars(7.5)).toBe('$7.50');
    expect(formatDollars(6.25)).toBe('$6.25');
    expect(formatAmount(12.5)).toBe('12.50');
  });

  it('shows money owed in US dollars with cents, and entries with their sign', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatSignedUsd(16)).toBe('+$16.00');
    expect(formatSignedUsd(-16)).toBe('-$16.00');
    expect(formatSignedUsd(0)).toBe('$0.00');
  });
});

describe('what the seller keeps of a price', () => {
  const standard = { percent: 8, min: 0.5 };

  it('takes the percent of the price, rounded half up to the cent', () => {
    // 8 % of $12.50 is $1.00.
    expect(sellerShare(12.5, standard)).toBe(11.5);
    // 8 % of $10.06 is 80.48 cents: 80 cents.
    expect(sellerShare(10.06, standard)).toBe(9.26);
    // 8 % of $6.33 is 50.64 cents: 51 cents.
    expect(sellerShare(6.33, standard)).toBe(5.82);
    // Exactly half a cent rounds up: 2.5 % of $1.00 is 2.5 cents, 3 cents.
    expect(sellerShare(1, { percent: 2.5, min: 0 })).toBe(0.97);
  });

  it('takes at least the minimum and never more than the price', () => {
    expect(sellerShare(5, standard)).toBe(4.5);
    expect(sellerShare(0.5, standard)).toBe(0);
    expect(sellerShare(0.3, standard)).toBe(0);
  });

  it('works in whole cents, so float sums do not creep in', () => {
    // 0.1 + 0.2 dollars, 10 %: 3 cents of 30.
    expect(sellerShare(0.1 + 0.2, { percent: 10, min: 0 })).toBe(0.27);
    // 8.25 % of $19.99 is 164.9175 cents: 165.
    expect(sellerShare(19.99, { percent: 8.25, min: 0.5 })).toBe(18.34);
    // 8 % of $1,000,000.
    expect(sellerShare(1_000_000, standard)).toBe(920_000);
  });
});
