/**
 * @jest-environment node
 */
import { preloadedDataTag, type PreloadedEntry } from './preloaded';
import { renderDocument } from './document';
import { PRERENDERED_ROUTES, renderRoute } from './render';
import type { BookDetails, Category } from '../types/entities';

// What the HTML of a prerendered route holds, before any script runs.

const TEMPLATE = '<!doctype html><html><head><title>Book Resale</title></head><body><div id="root"></div></body></html>';
const categories: Category[] = [
  { _id: 'c1', name: 'Fiction', category_id: '01', category: 'fiction', img: '/images/fiction.jpg' },
  { _id: 'c2', name: 'Costs $&amp; more </script><script>alert(1)</script>', category_id: '02', category: 'x', img: '/x.jpg' },
];
const categoryEntries: PreloadedEntry[] = [{ endpointName: 'getCategories', value: categories }];

it('renders the public routes', () => {
  expect(PRERENDERED_ROUTES).toEqual(['/', '/blog', '/login', '/signup']);
});

it('the home page holds the navbar, the first slide, the headings, skeleton cards and the footer', async () => {
  const { html, styleTags } = await renderRoute('/');
  expect(html).toContain('aria-label="main"');
  // The first slide's picture is in the page itself; the next one is fetched lazily.
  expect(html).toMatch(/<img [^>]*src="data:image\/svg\+xml,[^"]+"[^>]*loading="eager"/);
  expect(html).toContain('src="/images/slide-2.svg"');
  expect(html).toContain('Book Catagory');
  expect(html).toContain('Life hack');
  expect(html).toContain('providing since 2000');
  expect(html).toContain('aria-busy="true"');
  // Nobody is known to be signed in or out yet: neither button is drawn.
  expect(html).not.toContain('Sign Out');
  expect(styleTags).toMatch(/^<style data-emotion="css-global [^"]+">/);
  expect(styleTags).toContain('data-emotion="css ');
});

it('the styles of composed components come with the page, so the browser has none to insert', async () => {
  const { html, styleTags } = await renderRoute('/signup');
  const tags = [...styleTags.matchAll(/<style data-emotion="css ([^"]+)">([^<]*)<\/style>/g)].map(([, ids, css]) => ({ ids: ids.split(' '), css }));
  const used = (id: string) => html.includes(`css-${id}`);
  // The critical CSS: the classes the markup carries.
  expect(tags[0].ids.every(used)).toBe(true);
  // Then the styles MUI composes into them (the app bar's into its paper's, and so on): no
  // element carries one, and they come with their rules (a composed style may be empty).
  const composed = tags[1];
  expect(tags).toHaveLength(2);
  expect(composed.ids.some(used)).toBe(false);
  expect(composed.ids.filter((id) => composed.css.includes(`.css-${id}{`)).length).toBeGreaterThan(10);
});

it.each(PRERENDERED_ROUTES)('%s carries the prefixes Safari needs and none that no targeted browser reads', async (route) => {
  const { styleTags } = await renderRoute(route);
  // Emotion's default prefixer would write these for the flex boxes, transitions and keyframes.
  expect(styleTags).not.toMatch(/-ms-flex|-webkit-box-|-webkit-flex|-webkit-transition|-moz-transform|@-webkit-keyframes/);
  expect(styleTags).toContain('display:flex;');
  expect(styleTags).toMatch(/-webkit-user-select:none;user-select:none;/);
});

it('with a category list, the home page draws its cards instead of skeletons', async () => {
  const { html } = await renderRoute('/', { entries: categoryEntries });
  expect(html).toContain('href="/bookCatagoriesId/fiction"');
  expect(html).not.toContain('aria-busy="true"');
  expect(html).not.toContain('<script>alert(1)');
});

it.each([
  ['/blog', 'React vs. Angular vs. Vue?'],
  ['/login', 'Create new account'],
  ['/signup', 'continue with Google'],
])('%s holds its page, not a progress bar', async (route, text) => {
  const { html } = await renderRoute(route);
  expect(html).toContain(text);
  expect(html).not.toContain('role="progressbar"');
});

it('the document carries the route, its preloads, its styles and its data, safely escaped', async () => {
  const page = await renderDocument(TEMPLATE, '/', { entries: categoryEntries, preloadScripts: ['/static/js/a.js'] });
  expect(page).toContain('<div id="root" data-prerendered="/">');
  expect(page).toContain('<link rel="preload" as="script" fetchpriority="low" href="/static/js/a.js">');
  expect(page.indexOf('<style data-emotion')).toBeLessThan(page.indexOf('</head>'));
  // `$&` in the data is written as is, and no text in it can close the data's script tag.
  expect(page).toContain(preloadedDataTag(categoryEntries));
  expect(preloadedDataTag(categoryEntries)).not.toContain('</script><script>');
  expect(page.match(/<\/script>/g)).toHaveLength(1);
});

it('refuses a template without the empty root', async () => {
  await expect(renderDocument('<html><body></body></html>', '/')).rejects.toThrow('id="root"');
});

const ID = 'b'.repeat(24);
const SELLER = 'c'.repeat(24);
const book: BookDetails & { images: string[] } = {
  _id: ID, name: 'Middlemarch </script><b>', author: 'George Eliot', isbn: '9780141439549', img: 'http://api.test/image-host/i/m.webp',
  images: ['http://api.test/image-host/i/m.webp', 'http://api.test/image-host/i/n.webp'],
  location: 'Tucson', resale_price: 8.5, orginal_price: 20, seller_name: 'Vera Seller', uses: '2 years', date: '2026-11-01',
  category: 'fiction', condition: 'Good', description: 'Pencil notes.', verified: true, sold: false, sellerId: SELLER,
};
const found = { ...book, name: 'The Histories', author: 'Herodotus', isbn: null };

it("a book's page is drawn with the book: cover, photos, price and details, its head saying what it is", async () => {
  const page = await renderDocument(TEMPLATE, `/books/${ID}`, {
    entries: [{ endpointName: 'getBook', arg: ID, value: book }],
    origin: 'https://shop.test',
  });
  expect(page).toContain(`<div id="root" data-prerendered="/books/${ID}">`);
  expect(page).toContain('Middlemarch &lt;/script&gt;&lt;b&gt;</h1>');
  expect(page).toContain('$8.50');
  expect(page).toContain('srcSet="http://api.test/image-host/i/m.webp?w=320 320w');
  expect(page).toContain('aria-label="Middlemarch &lt;/script&gt;&lt;b&gt;, photo 2 of 2"');
  expect(page).toContain('<title>Middlemarch &lt;/script&gt;&lt;b&gt; · Book Resale</title>');
  expect(page).toContain(`<link rel="canonical" href="https://shop.test/books/${ID}">`);
  expect(page).toContain('<meta property="og:image" content="http://api.test/image-host/i/m.webp">');
  expect(page).not.toContain('role="progressbar"');
  // The data blocks hold no markup: nothing in the data can close its tag.
  expect(page.match(/<\/script>/g)).toHaveLength(2);
});

it('a gone book is drawn as gone', async () => {
  const page = await renderDocument(TEMPLATE, `/books/${ID}`, { entries: [{ endpointName: 'getBook', arg: ID, value: null }], origin: 'https://shop.test' });
  expect(page).toContain('This book is no longer listed.');
  expect(page).toContain('<meta name="robots" content="noindex">');
});

it("a seller's page and a search are drawn with their books", async () => {
  const books = { pages: [{ items: [found], total: 1, nextCursor: null }], pageParams: [null] };
  const seller = await renderDocument(TEMPLATE, `/sellers/${SELLER}`, {
    entries: [
      { endpointName: 'getSeller', arg: SELLER, value: { _id: SELLER, name: 'Vera Seller', verified: true, memberSince: '2024-01-15', booksSold: 3, booksForSale: 1 } },
      { endpointName: 'searchBooks', arg: { seller: SELLER, sort: 'newest' }, value: books },
    ],
  });
  expect(seller).toContain('Vera Seller');
  expect(seller).toContain('Member since 2024-01-15');
  expect(seller).toContain(`href="/books/${ID}"`);
  const search = await renderDocument(TEMPLATE, '/search?q=history', { entries: [{ endpointName: 'searchBooks', arg: { q: 'history' }, value: books }] });
  expect(search).toContain('Results for “history”');
  expect(search).toContain('1 book</');
  expect(search).toContain('The Histories');
  // The first results' covers are on the first screen: fetched at once.
  expect(search).toMatch(/<img [^>]*loading="eager"/);
});

it("the seller's score is drawn on the server: on a book's page, and on the seller's with their reviews", async () => {
  const score = { average: 4.8, count: 12, completedShare: 0.96 };
  const bookPage = await renderDocument(TEMPLATE, `/books/${ID}`, { entries: [{ endpointName: 'getBook', arg: ID, value: { ...book, sellerScore: score } }] });
  expect(bookPage).toContain('aria-label="Rated 4.8 of 5 by 12 reviews"');
  expect(bookPage).toContain('4.8 (12)');
  expect(bookPage).toContain('96% completed');
  // Nobody is signed in on the server: no Report button to hydrate differently.
  expect(bookPage).not.toContain('Report this book');

  const review = {
    _id: 'r1', bookingId: 'o1', bookName: 'Middlemarch', role: 'buyer' as const, author: { _id: 'u1', name: 'Rita Reader' },
    subject: { _id: SELLER, name: 'Vera Seller' }, rating: 4 as const, comment: 'Well <b>packed</b>.', at: '2026-11-01T23:30:00.000Z',
    shown: true, reply: null,
  };
  const sellerPage = await renderDocument(TEMPLATE, `/sellers/${SELLER}`, {
    entries: [
      { endpointName: 'getSeller', arg: SELLER, value: { _id: SELLER, name: 'Vera Seller', verified: true, memberSince: '2024-01-15', booksSold: 3, booksForSale: 0 } },
      { endpointName: 'searchBooks', arg: { seller: SELLER, sort: 'newest' }, value: { pages: [{ items: [], total: 0, nextCursor: null }], pageParams: [null] } },
      { endpointName: 'getUserReviews', arg: { userId: SELLER, as: 'seller' }, value: { pages: [{ ...score, reviews: [review], nextCursor: 'next' }], pageParams: [null] } },
    ],
  });
  expect(sellerPage).toContain('4.8 (12)');
  expect(sellerPage).toContain('Rita Reader, 1 Nov 2026');
  expect(sellerPage).toContain('aria-label="Rated 4 of 5"');
  expect(sellerPage).toContain('Well &lt;b&gt;packed&lt;/b&gt;.');
  expect(sellerPage).toContain('More reviews');
  expect(sellerPage).not.toContain('role="progressbar"');
});
