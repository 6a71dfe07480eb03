import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logInAs, test, uniqueEmail } from './fixtures';
import { apiUrl, webUrl } from './support/env';
import { accessToken, callApi, sellerWithBook, type ListedBook } from './support/orders';

/*
 * What search engines and link previews read: the pages of a book, a seller and a search come
 * with their content, title, description, canonical address, previews and (a book) schema.org
 * data, without any script running; a book that is gone says so with a 404; /sitemap.xml lists
 * every book for sale and its seller; /robots.txt points at it. No phone number is in any of it.
 */

/** The sellers' phone numbers: the shop's seeded books, the demo seller, the books listed here. */
const PHONES = ['555 0100', '555 0142', '555 0160'];
const COVER = path.join(__dirname, '..', 'scripts', 'demo-assets', 'book-cover-green.png');

/** Errors and warnings the page reports; the browser's note of the document's own status (a 404 page's) aside. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (message.location().url === page.url() && /status of 404/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The page's HTML as a crawler gets it (no script runs). */
async function html(page: Page, url: string): Promise<{ status: number; text: string }> {
  const answer = await page.request.get(url);
  return { status: answer.status(), text: await answer.text() };
}

const metaContent = (text: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(text)?.[1];

function structuredData(text: string): Record<string, unknown> & { offers: Record<string, unknown> } {
  const blocks = [...text.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0][1]) as Record<string, unknown> & { offers: Record<string, unknown> };
}

async function uploadCover(token: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([fs.readFileSync(COVER)], { type: 'image/png' }), 'photo.png');
  const upload = await fetch(`${apiUrl}/image-host/1/upload?key=book-resale-local`, {
    method: 'POST',
    headers: { authorization: `bearer ${token}` },
    body: form,
  });
  expect(upload.ok).toBe(true);
  return ((await upload.json()) as { data: { url: string } }).data.url;
}

let seller: { name: string; email: string };
let listed: ListedBook;
let sellerId: string;

test.beforeAll(async () => {
  seller = { name: 'Sofia Seo', email: uniqueEmail('seo-seller') };
  listed = await sellerWithBook(seller, `The Indexed Atlas ${Date.now().toString(36)}`);
  sellerId = ((await (await fetch(`${apiUrl}/books/${listed.id}`)).json()) as { sellerId: string }).sellerId;
});

test("a book's page, without any script, holds its title, price, cover, previews and schema.org data", async ({ page }) => {
  const { status, text } = await html(page, `/books/${listed.id}`);
  expect(status).toBe(200);
  expect(text).toContain(`<title>${listed.name} · Book Resale</title>`);
  expect(text).toContain(`data-prerendered="/books/${listed.id}"`);
  expect(text).toMatch(new RegExp(`<h1 [^>]*id="book-title">${listed.name}</h1>`));
  expect(text).toContain('$12');
  expect(metaContent(text, 'name', 'description')).toMatch(new RegExp(`^${listed.name} · \\$12 · Good · Worcester\\. A clean copy`));
  expect(text).toContain(`<link rel="canonical" href="${webUrl}/books/${listed.id}">`);
  const cover = metaContent(text, 'property', 'og:image');
  expect(cover).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/image-host\/i\/[\w-]+\.webp$/);
  expect(metaContent(text, 'property', 'og:title')).toBe(listed.name);
  expect(metaContent(text, 'property', 'og:url')).toBe(`${webUrl}/books/${listed.id}`);
  expect(metaContent(text, 'property', 'product:price:amount')).toBe('12.00');
  expect(metaContent(text, 'name', 'twitter:card')).toBe('summary');
  expect(metaContent(text, 'name', 'twitter:image')).toBe(cover);
  expect(metaContent(text, 'name', 'twitter:data1')).toBe('$12');
  // The cover in the page itself, in a fixed frame, with narrower copies for phones.
  const img = new RegExp(`<img [^>]*src="${cover!.replace(/[.?]/g, '\\$&')}"[^>]*>`).exec(text)?.[0] ?? '';
  // (React writes the attribute as `srcSet`: attribute names are not case-sensitive in HTML.)
  expect(img).toMatch(new RegExp(`srcset="${`${cover}?w=320 320w, ${cover}?w=640 640w, ${cover}?w=960 960w`.replace(/[.?]/g, '\\$&')}"`, 'i'));
  expect(img).toMatch(/width="320"/);
  expect(img).toMatch(/height="427"/);
  expect(img).toContain(`alt="Cover of ${listed.name}"`);

  const data = structuredData(text);
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('Book');
  expect(data.name).toBe(listed.name);
  expect(data.image).toEqual([cover]);
  expect(data.url).toBe(`${webUrl}/books/${listed.id}`);
  expect(data.offers).toMatchObject({
    '@type': 'Offer',
    price: '12.00',
    priceCurrency: 'USD',
    availability: 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/UsedCondition',
    url: `${webUrl}/books/${listed.id}`,
    seller: { '@type': 'Person', name: seller.name, url: `${webUrl}/sellers/${sellerId}` },
  });
  expect(String(data.offers.description)).toMatch(/^Condition: Good/);
});

test('no phone number is in the HTML of a book, a seller or a search, nor in their tags and data', async ({ page }) => {
  const demo = (await (await fetch(`${apiUrl}/books/search?q=history`)).json()) as { items: Array<{ _id: string }> };
  const demoBook = (await (await fetch(`${apiUrl}/books/${demo.items[0]._id}`)).json()) as { _id: string; sellerId: string };
  const pages = [
    `/books/${listed.id}`,
    `/sellers/${sellerId}`,
    `/search?q=${encodeURIComponent(listed.name)}`,
    `/books/${demoBook._id}`,
    `/sellers/${demoBook.sellerId}`,
    '/search?q=history',
    '/search',
  ];
  for (const url of pages) {
    const { status, text } = await html(page, url);
    expect(status, url).toBe(200);
    expect(text, url).toContain('data-prerendered=');
    for (const phone of PHONES) expect(text, `${url} holds ${phone}`).not.toContain(phone);
    expect(text, url).not.toMatch(/"number":/);
  }
  // A signed-in buyer still gets the number, once the page knows who they are.
  await logInAs(page, 'buyer@bookresale.test');
  await page.goto(`/books/${listed.id}`);
  await expect(page.getByText('+1 555 0160')).toBeVisible();
});

test("a seller's page and a search say what they are in their heads", async ({ page }) => {
  const sellerPage = await html(page, `/sellers/${sellerId}`);
  expect(sellerPage.text).toContain(`<title>${seller.name} · Book Resale</title>`);
  expect(sellerPage.text).toContain(`<link rel="canonical" href="${webUrl}/sellers/${sellerId}">`);
  expect(metaContent(sellerPage.text, 'name', 'description')).toMatch(/^Member since .+ · 0 books sold · 1 book for sale$/);
  expect(metaContent(sellerPage.text, 'property', 'og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/image-host\/i\//);
  expect(sellerPage.text).toContain(listed.name);

  const search = await html(page, '/search?q=history&sort=price_asc');
  expect(search.text).toContain('<title>Results for “history” · Book Resale</title>');
  // A sort or a filter is a view of the same search.
  expect(search.text).toContain(`<link rel="canonical" href="${webUrl}/search?q=history">`);
  expect(metaContent(search.text, 'name', 'description')).toMatch(/^\d+ books?: /);
  expect(search.text).toContain('The Histories');
});

test("a withdrawn book's page says it is no longer listed, with a 404, and comes alive", async ({ page }) => {
  const owner = { name: 'Wanda Withdrawn', email: uniqueEmail('seo-withdrawn') };
  const gone = await sellerWithBook(owner, 'A Book Soon Withdrawn');
  await callApi('DELETE', `/products/${gone.id}`, await accessToken(owner.email));

  const { status, text } = await html(page, `/books/${gone.id}`);
  expect(status).toBe(404);
  expect(text).toContain('This book is no longer listed.');
  expect(text).toContain('<title>This book is no longer listed · Book Resale</title>');
  expect(text).toContain('<meta name="robots" content="noindex">');
  expect(text).not.toContain('application/ld+json');
  expect(text).not.toContain('A Book Soon Withdrawn');

  const errors = collectErrors(page);
  const answer = await page.goto(`/books/${gone.id}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This book is no longer listed.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  // Live: its link is followed by the app.
  await page.getByRole('link', { name: 'Search books' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();

  const noSeller = await html(page, '/sellers/ffffffffffffffffffffffff');
  expect(noSeller.status).toBe(404);
  expect(noSeller.text).toContain('No such seller.');
});

test('a sold book says so, and its offer is sold out', async ({ page }) => {
  // The demo buyer's paid orders are of books sold to them.
  const token = await accessToken('buyer@bookresale.test');
  const orders = await callApi<Array<{ bookId: string; bookName: string; paid: boolean }>>('GET', '/bookings?email=buyer%40bookresale.test', token);
  const sold = orders.find((order) => order.paid && order.bookId);
  expect(sold).toBeDefined();
  const { status, text } = await html(page, `/books/${sold!.bookId}`);
  expect(status).toBe(200);
  expect(text).toContain('This book has been sold.');
  expect(structuredData(text).offers.availability).toBe('https://schema.org/SoldOut');
});

test('/sitemap.xml lists every book for sale and their sellers; /robots.txt points at it', async ({ page }) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toBe(`User-agent: *\nDisallow: /dashboard\n\nSitemap: ${webUrl}/sitemap.xml\n`);

  const owner = { name: 'Newton New', email: uniqueEmail('seo-new') };
  const fresh = await sellerWithBook(owner, 'A Book Listed Just Now');
  const freshSeller = ((await (await fetch(`${apiUrl}/books/${fresh.id}`)).json()) as { sellerId: string }).sellerId;
  // Every book the API has for sale, and nothing twice. Other browser tests list and withdraw
  // books at the same time, so the count is compared only when the catalogue held still around it.
  const forSale = async () => ((await (await fetch(`${apiUrl}/books/search?limit=1`)).json()) as { total: number }).total;
  let urls: string[] = [];
  await expect(async () => {
    const before = await forSale();
    const answer = await page.request.get('/sitemap.xml');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/xml/);
    const xml = await answer.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(await forSale()).toBe(before);
    expect(urls.filter((url) => url.includes('/books/'))).toHaveLength(before);
  }).toPass({ timeout: 15_000 });
  expect(urls).toContain(`${webUrl}/books/${fresh.id}`);
  expect(urls).toContain(`${webUrl}/sellers/${freshSeller}`);
  expect(urls).toContain(`${webUrl}/books/${listed.id}`);
  expect(urls).toContain(`${webUrl}/sellers/${sellerId}`);
  expect(new Set(urls).size).toBe(urls.length);
  expect(urls.every((url) => url.startsWith(`${webUrl}/`))).toBe(true);

  // Withdrawn, it leaves the list.
  await callApi('DELETE', `/products/${fresh.id}`, await accessToken(owner.email));
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(fresh.id);
});

test("a book's photos: the cover first, the others a click on their thumbnail away", async ({ page }) => {
  const token = await accessToken(seller.email);
  const { text } = await html(page, `/books/${listed.id}`);
  const cover = metaContent(text, 'property', 'og:image')!;
  const second = await uploadCover(token);
  await callApi('PUT', `/products/${listed.id}`, token, { images: [cover, second] });

  const errors = collectErrors(page);
  await page.goto(`/books/${listed.id}`);
  const photos = page.getByRole('list', { name: 'Photos' });
  const main = page.locator('img[width="320"]');
  await expect(main).toHaveAttribute('src', cover);
  await expect(main).toHaveAttribute('alt', `Cover of ${listed.name}`);
  await expect(photos.getByRole('button', { name: `Cover of ${listed.name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Log In' })).toBeVisible();

  await photos.getByRole('button', { name: `${listed.name}, photo 2 of 2` }).click();
  await expect(main).toHaveAttribute('src', second);
  await expect(main).toHaveAttribute('alt', `${listed.name}, photo 2 of 2`);
  await expect(main).toHaveAttribute('srcset', `${second}?w=320 320w, ${second}?w=640 640w, ${second}?w=960 960w`);
  await expect(photos.getByRole('button', { name: `${listed.name}, photo 2 of 2` })).toHaveAttribute('aria-pressed', 'true');
  await expect(photos.getByRole('button', { name: `Cover of ${listed.name}` })).toHaveAttribute('aria-pressed', 'false');
  // Its structured data names both.
  expect(structuredData((await html(page, `/books/${listed.id}`)).text).image).toEqual([cover, second]);
  expect(errors).toEqual([]);
});
