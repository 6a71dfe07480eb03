import { formatAmount, formatDollars } from './money';

describe('prices', () => {
  it('shows whole dollars without cents and others with two decimals', () => {
    expect(formatDollars(14)).toBe('$14');
    expect(formatDollars(7.5)).toBe('$7.50');
    expect(formatDollars(6.25)).toBe('$6.25');
    expect(formatAmount(12.5)).toBe('12.50');
  });
});
