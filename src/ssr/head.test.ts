/**
 * @jest-environment node
 */
import type { SearchPage } from '../features/search/searchApi';
import type { BookDetails } from '../types/entities';
import { pageHead, structuredDataTag, withHead } from './head';

// What a page rendered with its data says of itself: title, description, address, previews, schema.org data.

const ORIGIN = 'https://shop.test';
const ID = 'b'.repeat(24);
const SELLER = 'c'.repeat(24);
const book: BookDetails & { images: string[] } = {
  _id: ID, name: 'Middlemarch', author: 'George Eliot', isbn: '9780141439549', img: 'http://api.test/image-host/i/m.webp',
  images: ['http://api.test/image-host/i/m.webp', '/image-host/i/n.svg'],
  location: 'Tucson', resale_price: 8.5, orginal_price: 20, seller_name: 'Vera Seller', uses: '2 years', date: '2026-11-01',
  category: 'fiction', condition: 'Excillent', description: 'Pencil notes.\n\nA tight binding.', verified: true, sold: false, sellerId: SELLER,
};
const bookHead = (value: BookDetails | null) => pageHead(`/books/${ID}`, [{ endpointName: 'getBook', arg: ID, value }], ORIGIN);
const searchPage = (items: SearchPage['items'], total = items.length) => ({ pages: [{ items, total, nextCursor: null }], pageParams: [null] });

it("a book's head: its title, a description of the copy, its address, previews with the price and cover", () => {
  const head = bookHead(book)!;
  expect(head.title).toBe('Middlemarch · Book Resale');
  expect(head.description).toBe('Middlemarch by George Eliot · $8.50 · Excillent · Tucson. Pencil notes. A tight binding.');
  expect(head.canonical).toBe(`${ORIGIN}/books/${ID}`);
  expect(head.meta).toEqual(
    expect.arrayContaining([
      { property: 'og:type', content: 'product' },
      { property: 'og:url', content: `${ORIGIN}/books/${ID}` },
      { property: 'og:image', content: 'http://api.test/image-host/i/m.webp' },
      { property: 'og:image:alt', content: 'Cover of Middlemarch' },
      { property: 'product:price:amount', content: '8.50' },
      { property: 'product:price:currency', content: 'USD' },
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:data1', content: '$8.50' },
    ]),
  );
});

it("a book's schema.org data: a Book with its used copy's Offer, every picture at an absolute address", () => {
  expect(bookHead(book)!.structured).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Book',
    name: 'Middlemarch',
    author: { '@type': 'Person', name: 'George Eliot' },
    isbn: '9780141439549',
    image: ['http://api.test/image-host/i/m.webp', `${ORIGIN}/image-host/i/n.svg`],
    url: `${ORIGIN}/books/${ID}`,
    description: 'Pencil notes. A tight binding.',
    offers: {
      '@type': 'Offer',
      price: '8.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      description: 'Condition: Excillent · Like new: no marks, tight binding, clean pages',
      url: `${ORIGIN}/books/${ID}`,
      seller: { '@type': 'Person', name: 'Vera Seller', url: `${ORIGIN}/sellers/${SELLER}` },
    },
  });
});

it('a sold book is sold out, and says so first; a book without author, ISBN or seller page leaves them out', () => {
  const head = bookHead({ ...book, sold: true, author: '', isbn: null, sellerId: null })!;
  expect(head.description).toMatch(/^This book has been sold\. Middlemarch · \$8\.50/);
  const data = head.structured as { offers: Record<string, unknown> } & Record<string, unknown>;
  expect(data.offers.availability).toBe('https://schema.org/SoldOut');
  expect(data).not.toHaveProperty('author');
  expect(data).not.toHaveProperty('isbn');
  expect(data.offers.seller).toEqual({ '@type': 'Person', name: 'Vera Seller' });
});

it('a long description is cut at a word, to what search engines show', () => {
  const head = bookHead({ ...book, description: 'word '.repeat(100) })!;
  expect(head.description.length).toBeLessThanOrEqual(160);
  expect(head.description).toMatch(/ word…$/);
});

it('a gone book or seller asks not to be indexed, and has no address or previews', () => {
  expect(bookHead(null)).toEqual({
    title: 'This book is no longer listed · Book Resale',
    description: 'The seller withdrew it, or it never existed. Search for another copy:',
    noindex: true,
    meta: [],
  });
  expect(pageHead(`/sellers/${SELLER}`, [{ endpointName: 'getSeller', arg: SELLER, value: null }], ORIGIN)).toMatchObject({
    title: 'No such seller · Book Resale',
    noindex: true,
  });
});

it("a seller's head says what the page says of them, with their newest book's cover", () => {
  const head = pageHead(
    `/sellers/${SELLER}`,
    [
      { endpointName: 'getSeller', arg: SELLER, value: { _id: SELLER, name: 'Vera Seller', verified: true, memberSince: '2024-01-15', booksSold: 3, booksForSale: 1 } },
      { endpointName: 'searchBooks', arg: { seller: SELLER, sort: 'newest' }, value: searchPage([{ ...book, author: 'George Eliot', isbn: null }]) },
    ],
    ORIGIN,
  )!;
  expect(head.title).toBe('Vera Seller · Book Resale');
  expect(head.description).toBe('Member since 2024-01-15 · 3 books sold · 1 book for sale');
  expect(head.canonical).toBe(`${ORIGIN}/sellers/${SELLER}`);
  expect(head.meta).toContainEqual({ property: 'og:image', content: 'http://api.test/image-host/i/m.webp' });
  expect(head.structured).toBeUndefined();
});

it("a search's head: its words, what it found, and the words alone as its address", () => {
  const items = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({ ...book, name, author: '', isbn: null }));
  const head = pageHead('/search?q=history&sort=price_asc&category=x', [{ endpointName: 'searchBooks', arg: { q: 'history' }, value: searchPage(items, 40) }], ORIGIN)!;
  expect(head.title).toBe('Results for “history” · Book Resale');
  expect(head.description).toBe('40 books: A, B, C, D, E');
  expect(head.canonical).toBe(`${ORIGIN}/search?q=history`);
  const empty = pageHead('/search', [{ endpointName: 'searchBooks', arg: {}, value: searchPage([]) }], ORIGIN)!;
  expect(empty.title).toBe('Search · Book Resale');
  expect(empty.description).toBe('No books match this search.');
  expect(empty.canonical).toBe(`${ORIGIN}/search`);
  expect(empty.meta.some((tag) => 'property' in tag && tag.property === 'og:image')).toBe(false);
});

it('the home page keeps the head of the shell', () => {
  expect(pageHead('/', [{ endpointName: 'getCategories', value: [] }], ORIGIN)).toBeUndefined();
});

it('writes the head into the template: title and description in place of the shell\'s, all escaped', () => {
  const template = '<html><head><meta name="description" content="The shop."/><title>Book Resale</title></head><body></body></html>';
  const head = bookHead({ ...book, name: 'Tom & "Jerry" </title><script>x</script>', description: '</script><script>alert(1)</script>' })!;
  const page = withHead(template, head);
  expect(page).toContain('<title>Tom &amp; "Jerry" &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; · Book Resale</title>');
  expect(page.match(/<title>/g)).toHaveLength(1);
  expect(page.match(/<meta name="description"/g)).toHaveLength(1);
  expect(page).toContain('<meta property="og:title" content="Tom &amp; &quot;Jerry&quot; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt;">');
  // The JSON-LD block: `<` escaped, so the data cannot end it; still the same data once parsed.
  const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)?.[1] ?? '';
  expect(json).toContain('\\u003c/script>');
  expect((JSON.parse(json) as { name: string }).name).toBe('Tom & "Jerry" </title><script>x</script>');
  expect(page.match(/<\/script>/g)).toHaveLength(1);
  // A template without them gets them.
  expect(withHead('<html><head></head></html>', head)).toMatch(/^<html><head><title>.*<\/title><meta name="description"/);
});

it('a JSON-LD block is data, its `<` escaped', () => {
  expect(structuredDataTag({ a: '<b>' })).toBe('<script type="application/ld+json">{"a":"\\u003cb>"}</script>');
});
