import { argsFromParams, hasFilters, paramsFromArgs, queryWords } from './searchParams';

describe('search ↔ URL', () => {
  it('round-trips every field, in one stable order', () => {
    const args = { q: 'pride', category: 'fiction', minPrice: '5', maxPrice: '12.50', condition: 'Good', location: 'Boston', sort: 'price_asc' as const };
    const query = paramsFromArgs(args).toString();
    expect(query).toBe('q=pride&category=fiction&minPrice=5&maxPrice=12.50&condition=Good&location=Boston&sort=price_asc');
    expect(argsFromParams(new URLSearchParams(query))).toEqual(args);
    // The same search typed in another order is the same URL (and the same cache entry).
    const shuffled = new URLSearchParams('sort=price_asc&location=Boston&q=pride&maxPrice=12.50&condition=Good&minPrice=5&category=fiction');
    expect(paramsFromArgs(argsFromParams(shuffled)).toString()).toBe(query);
  });

  it('leaves out empty values, unknown keys and values the API would refuse', () => {
    const params = new URLSearchParams('q=%20%20&sort=cheapest&minPrice=1e400&maxPrice=12.345&category=../etc&page=2&location=Here');
    expect(argsFromParams(params)).toEqual({ location: 'Here' });
  });

  it('knows whether any filter is set, and which words to highlight', () => {
    expect(hasFilters({ q: 'x', sort: 'newest' })).toBe(false);
    expect(hasFilters({ condition: 'Fair' })).toBe(true);
    expect(queryWords('The Pragmatic  programmer, 2nd')).toEqual(['the', 'pragmatic', 'programmer', '2nd']);
    expect(queryWords(undefined)).toEqual([]);
  });
});
