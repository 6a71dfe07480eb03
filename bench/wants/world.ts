/**
 * The books buyers want and sellers list in the wants benches, made the same way every run (a
 * seeded generator): a world of 4,000 books with an ISBN, a title and an author each, some far
 * more wanted than others (a Zipf law over the books). Their words are the real words of the
 * sandbox's book catalogue (titles, subtitles, series, author names; sandbox/openlibrary/), the
 * most frequent first (811 title words and 582 name words are left once stop words go), made up
 * to 2,000 title words and 1,000 name words with invented ones. Titles draw their words by another
 * Zipf law, so some words are in many titles.
 */
import { readCatalogue } from '../../sandbox/openlibrary/catalogue';
import { seededRandom } from '../../server/src/shopGenerator/random';

export const TITLE_WORDS = 2_000;
export const NAME_WORDS = 1_000;
export const WORLD_BOOKS = 4_000;
/** How unevenly the books are wanted (rank k weighs k^-s): the most wanted about 1.5 % of all wants. */
export const BOOK_POPULARITY = 0.6;
/** How unevenly words occur in titles: the most frequent ("harry") in about one title in 14. */
const WORD_FREQUENCY = 0.6;
const NAME_FREQUENCY = 0.7;

export interface WorldBook {
  isbn: string;
  title: string;
  author: string;
  /** The words of title and author, each once, the rarest in the world first (what a buyer would type). */
  words: string[];
}

/** A small seeded generator (mulberry32): the same seed, the same numbers (the shop generator's). */
export const seeded = seededRandom;

/** Ranks 0…n-1, rank k drawn with weight (k + 1)^-s. */
export function zipf(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k += 1) cumulative[k] = sum += (k + 1) ** -s;
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export const pick = <T>(values: readonly T[], random: () => number): T => values[Math.floor(random() * values.length)];

/** An ISBN-13 with its check digit, from a 978 prefix and `n`. */
export function isbn13(n: number): string {
  const body = `978${String(n).padStart(9, '0').slice(-9)}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Words nobody has written: consonant–vowel syllables, none of them in `taken`. */
export function inventedWords(count: number, taken: ReadonlySet<string>, random: () => number): string[] {
  const consonants = 'bcdfghklmnprstvwz';
  const vowels = 'aeiou';
  const made = new Set<string>();
  while (made.size < count) {
    const syllables = 2 + Math.floor(random() * 2);
    let word = '';
    for (let n = 0; n < syllables; n += 1) word += pick([...consonants], random) + pick([...vowels], random);
    if (random() < 0.5) word += pick([...consonants], random);
    if (!taken.has(word)) made.add(word);
  }
  return [...made];
}

/** The catalogue's words of at least three letters, the most frequent first. */
function catalogueWords(): { titles: string[]; names: string[] } {
  const catalogue = readCatalogue();
  const count = (texts: (string | undefined)[]) => {
    const counts = new Map<string, number>();
    for (const text of texts) {
      for (const word of (text ?? '').toLowerCase().split(/[^\p{L}]+/u)) {
        if (word.length >= 3) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
  };
  return {
    titles: count(catalogue.books.flatMap((book) => [book.title, book.subtitle, book.series])),
    names: count(catalogue.authors.map((author) => author.name)),
  };
}

export interface Vocabulary {
  titleWords: string[];
  nameWords: string[];
  /** Every word, to invent others outside it. */
  all: Set<string>;
}

/**
 * The vocabulary, keeping only words that the search reads as exactly one word (`keepsOne`:
 * `to_tsvector('english', w)` of one lexeme), so stop words ("the", "and") never make a want.
 */
export async function vocabulary(keepsOne: (words: string[]) => Promise<Set<string>>): Promise<Vocabulary> {
  const random = seeded(7);
  const real = catalogueWords();
  const kept = await keepsOne([...real.titles, ...real.names]);
  const titles = real.titles.filter((word) => kept.has(word)).slice(0, TITLE_WORDS);
  const names = real.names.filter((word) => kept.has(word) && !titles.includes(word)).slice(0, NAME_WORDS);
  const all = new Set([...titles, ...names]);
  const invented = inventedWords(TITLE_WORDS - titles.length + NAME_WORDS - names.length, all, random);
  const checked = await keepsOne(invented);
  const usable = invented.filter((word) => checked.has(word));
  const titleWords = [...titles, ...usable.slice(0, TITLE_WORDS - titles.length)];
  const nameWords = [...names, ...usable.slice(TITLE_WORDS - titles.length)];
  return { titleWords, nameWords, all: new Set([...titleWords, ...nameWords]) };
}

function book(isbn: string, titleWords: string[], nameWords: string[]): WorldBook {
  return {
    isbn,
    title: titleWords.map(capital).join(' '),
    author: nameWords.map(capital).join(' '),
    words: [...new Set([...titleWords, ...nameWords])],
  };
}

/** The world's books, the most wanted first: 2 to 5 title words and a two-word author each. */
export function worldBooks(words: Vocabulary): WorldBook[] {
  const random = seeded(11);
  const titleWord = zipf(words.titleWords.length, WORD_FREQUENCY, random);
  const nameWord = zipf(words.nameWords.length, NAME_FREQUENCY, random);
  const books = Array.from({ length: WORLD_BOOKS }, (_, n) => {
    const length = 2 + Math.floor(random() * 4);
    const title = Array.from({ length }, () => words.titleWords[titleWord()]);
    return book(isbn13(100_000_000 + n), title, [words.nameWords[nameWord()], words.nameWords[nameWord()]]);
  });
  const inBooks = new Map<string, number>();
  for (const each of books) for (const word of each.words) inBooks.set(word, (inBooks.get(word) ?? 0) + 1);
  for (const each of books) each.words.sort((a, b) => (inBooks.get(a) ?? 0) - (inBooks.get(b) ?? 0) || a.localeCompare(b));
  return books;
}

/** A book of the world's words that nobody wants by its ISBN (a new edition, say). */
export function unlistedBook(words: Vocabulary, n: number, random: () => number): WorldBook {
  const titleWord = zipf(words.titleWords.length, WORD_FREQUENCY, random);
  const title = Array.from({ length: 2 + Math.floor(random() * 4) }, () => words.titleWords[titleWord()]);
  return book(isbn13(300_000_000 + n), title, [pick(words.nameWords, random), pick(words.nameWords, random)]);
}

/** A book whose ISBN and words nobody wants. */
export function unknownBook(words: Vocabulary, n: number, random: () => number): WorldBook {
  const invented = inventedWords(5, words.all, random);
  return book(isbn13(400_000_000 + n), invented.slice(0, 3), invented.slice(3));
}
