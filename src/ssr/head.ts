import { copy } from '../config/copy';
import { paths } from '../config/paths';
import type { SearchPage } from '../features/search/searchApi';
import { argsFromParams } from '../features/search/searchParams';
import { formatDollars } from '../lib/money';
import type { BookDetails, SellerProfile } from '../types/entities';
import type { PreloadedEntry } from './preloaded';

/** What a page says of itself to search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's one address (absolute); none for a page that is gone. */
  canonical?: string;
  /** A page that is gone asks not to be indexed. */
  noindex?: boolean;
  /** Open Graph (`property`) and Twitter card (`name`) tags, in order. */
  meta: Array<{ property: string; content: string } | { name: string; content: string }>;
  /** schema.org data (JSON-LD). */
  structured?: Record<string, unknown>;
}

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/** Blank space made single, and cut at a word with an ellipsis when too long. */
function clip(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > length / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:·-]+$/, '')}…`;
}

const titled = (title: string) => `${title} · ${copy.brand.name}`;

function absolute(url: string, origin: string): string | undefined {
  try {
    const resolved = new URL(url, origin);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/** The tags of a page's preview: title, description, address, picture, and a price when it has one. */
function previewTags(page: { type: string; title: string; description: string; url: string; image?: string; imageAlt?: string; price?: number }) {
  const meta: PageHead['meta'] = [
    { property: 'og:type', content: page.type },
    { property: 'og:site_name', content: copy.brand.name },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: page.url },
  ];
  if (page.image) {
    meta.push({ property: 'og:image', content: page.image });
    if (page.imageAlt) meta.push({ property: 'og:image:alt', content: page.imageAlt });
  }
  if (page.price !== undefined) {
    meta.push({ property: 'product:price:amount', content: page.price.toFixed(2) }, { property: 'product:price:currency', content: 'USD' });
  }
  meta.push(
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: page.title },
    { name: 'twitter:description', content: page.description },
  );
  if (page.image) {
    meta.push({ name: 'twitter:image', content: page.image });
    if (page.imageAlt) meta.push({ name: 'twitter:image:alt', content: page.imageAlt });
  }
  if (page.price !== undefined) {
    meta.push({ name: 'twitter:label1', content: copy.bookPage.price }, { name: 'twitter:data1', content: formatDollars(page.price) });
  }
  return meta;
}

const SCHEMA = 'https://schema.org';

/** schema.org `Book` with its `Offer`: a used copy, the shop's own condition in words. */
function bookData(book: BookDetails, photos: string[], url: string, origin: string): Record<string, unknown> {
  const note = book.condition ? copy.bookPage.conditionNotes[book.condition] : undefined;
  const seller: Record<string, unknown> = { '@type': 'Person', name: book.seller_name };
  if (book.sellerId) seller.url = `${origin}${paths.seller(book.sellerId)}`;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    price: book.resale_price.toFixed(2),
    priceCurrency: 'USD',
    availability: `${SCHEMA}/${book.sold ? 'SoldOut' : 'InStock'}`,
    // schema.org's conditions are new, used, refurbished and damaged: the shop's grades say how used.
    itemCondition: `${SCHEMA}/UsedCondition`,
    url,
    seller,
  };
  if (book.condition) offer.description = `${copy.bookPage.condition}: ${book.condition}${note ? ` · ${note}` : ''}`;
  const data: Record<string, unknown> = { '@context': SCHEMA, '@type': 'Book', name: book.name };
  if (book.author) data.author = { '@type': 'Person', name: book.author };
  if (book.isbn) data.isbn = book.isbn;
  if (photos.length > 0) data.image = photos;
  data.url = url;
  if (book.description) data.description = clip(book.description, 500);
  data.offers = offer;
  return data;
}

function bookHead(book: BookDetails & { images?: string[] }, origin: string): PageHead {
  const url = `${origin}${paths.book(book._id)}`;
  const photos = (book.images?.length ? book.images : [book.img]).map((photo) => absolute(photo, origin)).filter((photo) => photo !== undefined);
  const facts = [
    book.author ? `${book.name} ${copy.bookPage.by(book.author)}` : book.name,
    formatDollars(book.resale_price),
    book.condition,
    book.location,
  ].filter(Boolean);
  const summary = `${book.sold ? `${copy.bookPage.sold} ` : ''}${facts.join(' · ')}${book.description ? `. ${book.description}` : ''}`;
  const description = clip(summary);
  return {
    title: titled(book.name),
    description,
    canonical: url,
    meta: previewTags({
      type: 'product',
      title: book.name,
      description,
      url,
      image: photos[0],
      imageAlt: copy.bookPage.cover(book.name),
      price: book.resale_price,
    }),
    structured: bookData(book, photos, url, origin),
  };
}

function sellerHead(seller: SellerProfile, books: SearchPage | undefined, origin: string): PageHead {
  const url = `${origin}${paths.seller(seller._id)}`;
  const description = clip(
    [copy.sellerPage.memberSince(seller.memberSince), copy.sellerPage.sold(seller.booksSold), copy.sellerPage.forSale(seller.booksForSale)].join(' · '),
  );
  const first = books?.items[0];
  return {
    title: titled(seller.name),
    description,
    canonical: url,
    meta: previewTags({
      type: 'profile',
      title: seller.name,
      description,
      url,
      image: first ? absolute(first.img, origin) : undefined,
      imageAlt: first ? copy.bookPage.cover(first.name) : undefined,
    }),
  };
}

function searchHead(searchParams: URLSearchParams, page: SearchPage, origin: string): PageHead {
  const { q } = argsFromParams(searchParams);
  // Filters and sorts are views of one search: its address is the words alone.
  const url = `${origin}${paths.search}${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`;
  const title = q ? copy.search.titleFor(q) : copy.search.title;
  const names = page.items.slice(0, 5).map((book) => book.name);
  const description = clip(page.total === 0 ? copy.search.empty : `${copy.search.count(page.total, page.totalCapped === true)}: ${names.join(', ')}`);
  const first = page.items[0];
  return {
    title: titled(title),
    description,
    canonical: url,
    meta: previewTags({
      type: 'website',
      title,
      description,
      url,
      image: first ? absolute(first.img, origin) : undefined,
      imageAlt: first ? copy.bookPage.cover(first.name) : undefined,
    }),
  };
}

/** A page that is gone: says so, and asks not to be indexed. */
const goneHead = (title: string, description: string): PageHead => ({
  title: titled(title.replace(/\.$/, '')),
  description,
  noindex: true,
  meta: [],
});

function entryOf<N extends PreloadedEntry['endpointName']>(entries: readonly PreloadedEntry[], name: N) {
  return entries.find((entry): entry is Extract<PreloadedEntry, { endpointName: N }> => entry.endpointName === name);
}

/**
 * The head of a page rendered with its data, `origin` being the shop's web address
 * (`https://…`, no path); undefined for a page that keeps the shell's (the home page).
 */
export function pageHead(url: string, entries: readonly PreloadedEntry[], origin: string): PageHead | undefined {
  const { pathname, searchParams } = new URL(url, origin);
  const book = entryOf(entries, 'getBook');
  if (book) return book.value ? bookHead(book.value, origin) : goneHead(copy.bookPage.gone, copy.bookPage.goneHint);
  const seller = entryOf(entries, 'getSeller');
  const search = entryOf(entries, 'searchBooks');
  if (seller) return seller.value ? sellerHead(seller.value, search?.value.pages[0], origin) : goneHead(copy.sellerPage.gone, copy.sellerPage.gone);
  if (search && pathname === paths.search) return searchHead(searchParams, search.value.pages[0], origin);
  return undefined;
}

/** A JSON-LD block: data, never executed; `<` is escaped so no text in it can close the tag. */
export function structuredDataTag(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The template's tag (the shell's) replaced by ours, or ours added to the head. */
const replaceOrAdd = (page: string, shells: RegExp, ours: string) =>
  shells.test(page) ? page.replace(shells, () => ours) : page.replace('</head>', () => `${ours}</head>`);

/** The page's head in the template: its title and description in place of the shell's, the rest before `</head>`. */
export function withHead(template: string, head: PageHead): string {
  const tags = [
    head.canonical ? `<link rel="canonical" href="${escapeAttribute(head.canonical)}">` : '',
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    ...head.meta.map((tag) =>
      'property' in tag
        ? `<meta property="${escapeAttribute(tag.property)}" content="${escapeAttribute(tag.content)}">`
        : `<meta name="${escapeAttribute(tag.name)}" content="${escapeAttribute(tag.content)}">`,
    ),
    head.structured ? structuredDataTag(head.structured) : '',
  ].join('');
  const description = `<meta name="description" content="${escapeAttribute(head.description)}">`;
  const title = `<title>${escapeText(head.title)}</title>`;
  return replaceOrAdd(replaceOrAdd(template, /<title>[^<]*<\/title>/, title), /<meta name="description"[^>]*>/, description).replace(
    '</head>',
    () => `${tags}</head>`,
  );
}
