import { seededRandom, zipf } from '../../server/src/shopGenerator/random';
import type { Vocabulary } from '../../server/src/shopGenerator/vocabulary';

/** What the mix sends, by kind; each kind's figures are reported apart. */
export type Kind = 'words' | 'typo' | 'filters' | 'browse' | 'deep page' | 'book page';

/** Requests of each kind answered, and the milliseconds they took in all. */
export type TimesByKind = Partial<Record<Kind, { answered: number; ms: number }>>;

export interface Target {
  kind: Kind;
  path: string;
}

/** What the mix needs from the shop, read before the timed run. */
export interface ShopFacts {
  categories: string[];
  bookIds: string[];
  /** Cursors of a category browse, newest first: pages 2 to 50 of each. */
  deepPages: string[];
}

const CITIES = ['bost', 'chicago', 'denver', 'austin', 'seattle', 'portland', 'tucson', 'mesa'];
const CONDITIONS = ['Good', 'Fair', 'Excillent'];

/** One wrong letter, as people type it: a letter dropped, doubled or two swapped. */
function typo(word: string, random: () => number): string {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const shape = random();
  if (shape < 0.34) return word.slice(0, at) + word.slice(at + 1);
  if (shape < 0.67) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/**
 * The buyers' mix: words of titles and authors as often as the shop uses them (Zipf), 15 % of
 * word searches with a typo, filters, sorts, pages up to 50 deep and book pages.
 */
export function buyersMix(vocabulary: Vocabulary, facts: ShopFacts, seed: number): () => Target {
  const random = seededRandom(seed);
  const word = zipf(vocabulary.words, random);
  const last = zipf(vocabulary.lastNames, random);
  const realTitle = zipf(vocabulary.books, random);
  const pick = <Value>(values: readonly Value[]) => values[Math.floor(random() * values.length)];
  const words = (): string => {
    const shape = random();
    if (shape < 0.4) return word();
    if (shape < 0.7) return `${word()} ${word()}`;
    if (shape < 0.85) return last();
    return realTitle().title;
  };
  const q = (text: string) => `/books/search?q=${encodeURIComponent(text)}`;
  return () => {
    const roll = random();
    if (roll < 0.34) return { kind: 'words', path: q(words()) };
    if (roll < 0.4) {
      const text = words().split(' ').map((part, index) => (index === 0 ? typo(part, random) : part)).join(' ');
      return { kind: 'typo', path: q(text) };
    }
    if (roll < 0.6) {
      const shape = random();
      const min = 2 + Math.floor(random() * 10);
      if (shape < 0.5) return { kind: 'filters', path: `${q(word())}&category=${pick(facts.categories)}&minPrice=${min}&maxPrice=${min + 20}` };
      return { kind: 'filters', path: `/books/search?condition=${pick(CONDITIONS)}&location=${pick(CITIES)}&sort=newest` };
    }
    if (roll < 0.75) {
      const sort = pick(['newest', 'price_asc', 'price_desc']);
      return { kind: 'browse', path: `/books/search?category=${pick(facts.categories)}&sort=${sort}` };
    }
    if (roll < 0.85) return { kind: 'deep page', path: pick(facts.deepPages) };
    return { kind: 'book page', path: `/books/${pick(facts.bookIds)}` };
  };
}
