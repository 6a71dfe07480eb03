// /robots.txt and /sitemap.xml: every book for sale and the page of each seller of one, as
// absolute URLs on the shop's web address. A sitemap holds at most 50,000 URLs; past that,
// /sitemap.xml is an index of /sitemap-1.xml, /sitemap-2.xml, … The list is read from the API's
// public search, a page of 100 books at a time along its cursors, and kept: a request makes it
// again only when the newest book or the count of books changed, or after ten minutes.

/** The most URLs one sitemap may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Books per page of the API's search (its maximum). */
const SEARCH_PAGE = 100;
/** However unchanged the catalogue looks, the list is made again after this long. */
export const SITEMAP_MAX_AGE_MS = 10 * 60_000;
/** Book pages read at once to learn their sellers. */
const SELLER_LOOKUPS_AT_ONCE = 8;
/** How long one API request may take while making the list. */
const API_WAIT_MS = 10_000;

const escapeXml = (value) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const bookPath = (id) => `/books/${encodeURIComponent(id)}`;
export const sellerPath = (id) => `/sellers/${encodeURIComponent(id)}`;

/** robots.txt: the dashboard is no one's business but its user's; the sitemap says what is. */
export function robotsTxt(origin) {
  return `User-agent: *\nDisallow: /dashboard\n\nSitemap: ${origin}/sitemap.xml\n`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlSet(origin, paths) {
  const urls = paths.map((path) => `<url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`).join('\n');
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function sitemapIndex(origin, count) {
  const maps = Array.from({ length: count }, (_, at) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${at + 1}.xml`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
}

/** Runs `work` over `items`, `atOnce` at a time. */
async function eachAtOnce(items, atOnce, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/**
 * @param {{ apiUrl: string, fetchImpl?: typeof fetch, log?: (message: string) => void, maxUrls?: number,
 *   maxAgeMs?: number, now?: () => number }} options
 */
export function createSitemaps({ apiUrl, fetchImpl = fetch, log = () => undefined, maxUrls = SITEMAP_MAX_URLS, maxAgeMs = SITEMAP_MAX_AGE_MS, now = Date.now }) {
  const api = apiUrl.replace(/\/+$/, '');
  /** A book's seller never changes: learnt once per book. */
  const sellerOfBook = new Map();
  /** The list last made: its pages' paths, what the catalogue looked like, and when. */
  let made;
  /** The list being made, shared by the requests that come meanwhile. */
  let making;

  async function getJson(path) {
    const answer = await fetchImpl(`${api}${path}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(API_WAIT_MS) });
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}`);
    return answer.json();
  }

  /** The newest book and the count: when both are as before, so is the list (checked every ten minutes anyway). */
  async function catalogueLooks() {
    const page = await getJson(`/books/search?sort=newest&limit=1`);
    return `${page?.total ?? 0}:${page?.items?.[0]?._id ?? ''}`;
  }

  async function makeList(looks) {
    const books = [];
    let cursor = null;
    do {
      const query = new URLSearchParams({ sort: 'newest', limit: String(SEARCH_PAGE) });
      if (cursor) query.set('cursor', cursor);
      const page = await getJson(`/books/search?${query}`);
      for (const book of page?.items ?? []) {
        books.push(book._id);
        if (typeof book.sellerId === 'string') sellerOfBook.set(book._id, book.sellerId);
      }
      cursor = page?.nextCursor ?? null;
    } while (cursor);
    // The search answers no seller ids; a book's own page does.
    const unknown = books.filter((id) => !sellerOfBook.has(id));
    await eachAtOnce(unknown, SELLER_LOOKUPS_AT_ONCE, async (id) => {
      const book = await getJson(bookPath(id));
      sellerOfBook.set(id, book?.sellerId ?? null);
    });
    // Books no longer for sale are forgotten.
    const listed = new Set(books);
    for (const id of sellerOfBook.keys()) if (!listed.has(id)) sellerOfBook.delete(id);
    const sellers = [...new Set(books.map((id) => sellerOfBook.get(id)).filter(Boolean))];
    const paths = [...books.map(bookPath), ...sellers.map(sellerPath)];
    log(`sitemap: ${books.length} books, ${sellers.length} sellers`);
    return { looks, at: now(), paths };
  }

  async function currentList() {
    const looks = await catalogueLooks();
    if (made && made.looks === looks && now() - made.at < maxAgeMs) return made;
    making ??= makeList(looks).finally(() => {
      making = undefined;
    });
    made = await making;
    return made;
  }

  /**
   * The XML of `/sitemap.xml` or `/sitemap-N.xml` for the shop at `origin`; undefined for a
   * sitemap that does not exist. Throws when the API does not answer.
   */
  return async function sitemap(pathname, origin) {
    const numbered = /^\/sitemap-([1-9]\d*)\.xml$/.exec(pathname);
    if (pathname !== '/sitemap.xml' && !numbered) return undefined;
    const { paths } = await currentList();
    const count = Math.max(1, Math.ceil(paths.length / maxUrls));
    if (!numbered) return count === 1 ? urlSet(origin, paths) : sitemapIndex(origin, count);
    const at = Number(numbered[1]);
    if (count === 1 || at > count) return undefined;
    return urlSet(origin, paths.slice((at - 1) * maxUrls, at * maxUrls));
  };
}
