/**
 * @jest-environment node
 */
import { isDataRoute, loadRouteData, NoRouteData, pageChunkOf, type ApiAnswer } from './routeData';

// What the web server asks the API for a page, and what it renders the page with.

const ID = 'b'.repeat(24);
const SELLER = 'c'.repeat(24);
const book = { _id: ID, name: 'Middlemarch', number: '+1 555 0100', sold: false, sellerId: SELLER, description: 'Notes.' };
const found = { items: [{ ...book, number: '+1 555 0100' }], total: 1, nextCursor: 'next' };
const seller = { _id: SELLER, name: 'Vera Seller', verified: true, memberSince: '2024-01-15', booksSold: 3, booksForSale: 1 };

function api(answers: Record<string, ApiAnswer>) {
  const asked: string[] = [];
  const fetchApi = (path: string) => {
    asked.push(path);
    const answer = answers[path];
    return answer ? Promise.resolve(answer) : Promise.reject(new Error(`unexpected ${path}`));
  };
  return { fetchApi, asked };
}

it('knows the routes rendered with data, and the chunk of each page', () => {
  expect(['/', `/books/${ID}`, `/sellers/${SELLER}`, '/search'].map(isDataRoute)).toEqual([true, true, true, true]);
  expect(['/blog', '/login', '/books', '/dashboard', `/books/${ID}/x`].map(isDataRoute)).toEqual([false, false, false, false, false]);
  expect([`/books/${ID}`, `/sellers/${SELLER}`, '/search', '/'].map(pageChunkOf)).toEqual(['page-book', 'page-seller', 'page-search', undefined]);
});

it('a book: its page as a visitor gets it, never with a phone number', async () => {
  const { fetchApi, asked } = api({ [`/books/${ID}`]: { status: 200, body: book } });
  const data = await loadRouteData(`/books/${ID}`, fetchApi);
  expect(asked).toEqual([`/books/${ID}`]);
  expect(data).toEqual({ status: 200, entries: [{ endpointName: 'getBook', arg: ID, value: { ...book, number: undefined } }] });
  expect(JSON.stringify(data)).not.toContain('555');
});

it('a book the API does not know is gone: a 404 page', async () => {
  const { fetchApi } = api({ [`/books/${ID}`]: { status: 404, body: { message: 'This book is no longer listed' } } });
  expect(await loadRouteData(`/books/${ID}`, fetchApi)).toEqual({ status: 404, entries: [{ endpointName: 'getBook', arg: ID, value: null }] });
});

it("a seller: the profile and the first page of their books, asked for at once, as the page asks", async () => {
  const { fetchApi, asked } = api({
    [`/sellers/${SELLER}`]: { status: 200, body: seller },
    [`/books/search?seller=${SELLER}&sort=newest`]: { status: 200, body: found },
  });
  const data = await loadRouteData(`/sellers/${SELLER}`, fetchApi);
  // Their reviews too; this API fails them, and the page goes without them.
  expect(asked).toHaveLength(3);
  expect(data?.entries).toEqual([
    { endpointName: 'getSeller', arg: SELLER, value: seller },
    {
      endpointName: 'searchBooks',
      arg: { seller: SELLER, sort: 'newest' },
      // A result shows no description, and no phone number goes into a page.
      value: { pages: [{ items: [{ _id: ID, name: 'Middlemarch', sold: false, sellerId: SELLER }], total: 1, nextCursor: 'next' }], pageParams: [null] },
    },
  ]);
  const unknown = api({ [`/sellers/${SELLER}`]: { status: 404 }, [`/books/search?seller=${SELLER}&sort=newest`]: { status: 200, body: found } });
  expect(await loadRouteData(`/sellers/${SELLER}`, unknown.fetchApi)).toEqual({ status: 404, entries: [{ endpointName: 'getSeller', arg: SELLER, value: null }] });
});

it("a seller: the first page of their reviews, as the page asks for it, with where the next starts", async () => {
  const reviewsPath = `/users/${SELLER}/reviews?as=seller&limit=10`;
  const reviews = { average: 4.5, count: 12, completedShare: 0.96, reviews: [{ _id: 'r1', rating: 5, comment: 'Quick.' }] };
  const link = `<http://127.0.0.1:5000/users/${SELLER}/reviews?as=seller&limit=10&cursor=after-r1>; rel="next"`;
  const { fetchApi, asked } = api({
    [`/sellers/${SELLER}`]: { status: 200, body: seller },
    [`/books/search?seller=${SELLER}&sort=newest`]: { status: 200, body: found },
    [reviewsPath]: { status: 200, body: reviews, link },
  });
  const data = await loadRouteData(`/sellers/${SELLER}`, fetchApi);
  expect(asked).toContain(reviewsPath);
  expect(data?.entries[2]).toEqual({
    endpointName: 'getUserReviews',
    arg: { userId: SELLER, as: 'seller' },
    value: { pages: [{ ...reviews, nextCursor: 'after-r1' }], pageParams: [null] },
  });

  // Failed alone, the reviews are left out: the page renders them loading, as the browser does first.
  const failing = api({
    [`/sellers/${SELLER}`]: { status: 200, body: seller },
    [`/books/search?seller=${SELLER}&sort=newest`]: { status: 200, body: found },
    [reviewsPath]: { status: 500, body: { message: 'down' } },
  });
  expect((await loadRouteData(`/sellers/${SELLER}`, failing.fetchApi))?.entries).toHaveLength(2);
});

it('a search: the URL read as the page reads it (unknown keys and bad values left out), the same request', async () => {
  const { fetchApi, asked } = api({ '/books/search?q=history&maxPrice=10&sort=price_asc': { status: 200, body: found } });
  const data = await loadRouteData('/search?sort=price_asc&maxPrice=10&minPrice=cheap&utm=x&q=%20history%20', fetchApi);
  expect(asked).toEqual(['/books/search?q=history&maxPrice=10&sort=price_asc']);
  expect(data?.entries[0]).toMatchObject({ endpointName: 'searchBooks', arg: { q: 'history', maxPrice: '10', sort: 'price_asc' } });
});

it('the home page: the category list', async () => {
  const { fetchApi } = api({ '/bookCatagories': { status: 200, body: [] } });
  expect(await loadRouteData('/', fetchApi)).toEqual({ status: 200, entries: [{ endpointName: 'getCategories', value: [] }] });
});

it('answers nothing for a route rendered without data, and asks nothing', async () => {
  const { fetchApi, asked } = api({});
  expect(await loadRouteData('/blog', fetchApi)).toBeUndefined();
  expect(asked).toEqual([]);
});

it.each([
  ['a failure', { status: 500, body: { message: 'down' } }],
  ['a refusal', { status: 400, body: { message: 'bad id' } }],
  ['no JSON', { status: 200 }],
])('throws on %s: the page goes out without data', async (_case, answer) => {
  const { fetchApi } = api({ [`/books/${ID}`]: answer, '/books/search?q=x': answer, '/bookCatagories': answer });
  await expect(loadRouteData(`/books/${ID}`, fetchApi)).rejects.toThrow(NoRouteData);
  await expect(loadRouteData('/search?q=x', fetchApi)).rejects.toThrow(NoRouteData);
  await expect(loadRouteData('/', fetchApi)).rejects.toThrow(NoRouteData);
});
