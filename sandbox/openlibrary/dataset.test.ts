/**
 * How goodbooks-10k's rows become catalogue entries: the CSV read, the ISBN columns repaired
 * and checked, titles and authors cleaned, and the build's choices (seed books first, English
 * rows with a valid ISBN-10, each ISBN once, the limit).
 */
import { buildCatalogue } from './build-catalogue';
import { parseCsv } from './csv';
import {
  type DatasetRow,
  agreesWithIsbn13Column,
  bookFromRow,
  cleanTitle,
  isbn10FromColumn,
  isbn13FromIsbn10,
  splitAuthors,
  yearFromColumn,
} from './dataset';

const row = (fields: Partial<DatasetRow>): DatasetRow => ({
  goodreads_book_id: '2767052',
  isbn: '439023483',
  isbn13: '9.78043902348e+12',
  authors: 'Suzanne Collins',
  original_publication_year: '2008.0',
  title: 'The Hunger Games (The Hunger Games, #1)',
  language_code: 'eng',
  image_url: 'https://images.gr-assets.com/books/1447303603m/2767052.jpg',
  ...fields,
});

describe('the CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\n2,"two\nlines",\n';
    expect(parseCsv(text)).toEqual([
      { a: '1', b: 'x, y', c: 'say "hi"' },
      { a: '2', b: 'two\nlines', c: '' },
    ]);
  });
});

describe('the ISBN columns', () => {
  it('puts back the leading zeros the isbn column lost, and checks the result', () => {
    expect(isbn10FromColumn('439023483')).toBe('0439023483');
    expect(isbn10FromColumn('61120081')).toBe('0061120081');
    expect(isbn10FromColumn('043965548X')).toBe('043965548X');
    expect(isbn10FromColumn('439023484')).toBeUndefined(); // wrong check digit
    expect(isbn10FromColumn('')).toBeUndefined();
    expect(isbn10FromColumn('9780439023481')).toBeUndefined();
  });

  it('makes the ISBN-13 from the ISBN-10: 978, nine digits, a new check digit', () => {
    expect(isbn13FromIsbn10('0439023483')).toBe('9780439023481');
    expect(isbn13FromIsbn10('043965548X')).toBe('9780439655484');
    expect(isbn13FromIsbn10('0743273567')).toBe('9780743273565');
  });

  it('checks the ISBN-13 against the rounded isbn13 column, halves rounded either way', () => {
    expect(agreesWithIsbn13Column('9.78043902348e+12', '9780439023481')).toBe(true);
    expect(agreesWithIsbn13Column('9.78074327356e+12', '9780743273565')).toBe(true);
    expect(agreesWithIsbn13Column('9.78031601585e+12', '9780316015847')).toBe(true);
    expect(agreesWithIsbn13Column('9.78043902349e+12', '9780439023481')).toBe(false);
    expect(agreesWithIsbn13Column('', '9780439023481')).toBe(true);
  });
});

describe('titles, authors and years', () => {
  it('moves the series note and the subtitle out of the title', () => {
    expect(cleanTitle('The Hunger Games (The Hunger Games, #1)')).toEqual({ title: 'The Hunger Games', series: 'The Hunger Games, #1' });
    expect(cleanTitle('Freakonomics: A Rogue Economist Explores the Hidden Side of Everything (Freakonomics, #1)')).toEqual({
      title: 'Freakonomics',
      subtitle: 'A Rogue Economist Explores the Hidden Side of Everything',
      series: 'Freakonomics, #1',
    });
    expect(cleanTitle('The Princess Bride ')).toEqual({ title: 'The Princess Bride' });
    // Parentheses that are no series note stay.
    expect(cleanTitle('Angels & Demons (Special Illustrated Edition)')).toEqual({ title: 'Angels & Demons (Special Illustrated Edition)' });
  });

  it('keeps every author, the first first, each once', () => {
    expect(splitAuthors('J.K. Rowling, Mary GrandPré')).toEqual(['J.K. Rowling', 'Mary GrandPré']);
    expect(splitAuthors('Stephen King,  Stephen King')).toEqual(['Stephen King']);
  });

  it('reads the year of first publication as a whole number, BCE as negative', () => {
    expect(yearFromColumn('2008.0')).toBe(2008);
    expect(yearFromColumn('-720.0')).toBe(-720);
    expect(yearFromColumn('')).toBeUndefined();
  });
});

describe('a row', () => {
  it('becomes a book with its Goodreads id and whether Goodreads had a cover', () => {
    expect(bookFromRow(row({}))).toEqual({
      title: 'The Hunger Games',
      series: 'The Hunger Games, #1',
      authors: ['Suzanne Collins'],
      year: 2008,
      isbn10: '0439023483',
      isbn13: '9780439023481',
      hasCover: true,
      goodreads: '2767052',
    });
    const noPhoto = bookFromRow(row({ image_url: 'https://s.gr-assets.com/assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png' }));
    expect(noPhoto).toMatchObject({ hasCover: false });
  });

  it('is passed over, with the reason, unless English with a valid and consistent ISBN', () => {
    expect(bookFromRow(row({ language_code: 'spa' }))).toBe('not English');
    expect(bookFromRow(row({ language_code: '' }))).toBe('not English');
    expect(bookFromRow(row({ language_code: 'en-GB' }))).not.toEqual(expect.any(String));
    expect(bookFromRow(row({ isbn: '' }))).toBe('no valid ISBN-10');
    expect(bookFromRow(row({ isbn13: '9.78140889855e+12' }))).toBe('ISBN-13 column disagrees');
  });
});

describe('the build', () => {
  const rows = [
    row({}),
    row({ goodreads_book_id: '1', isbn: '439023483' }), // the same ISBN again
    row({ goodreads_book_id: '2', isbn: '141439513', isbn13: '9.78014143952e+12', title: 'Pride and Prejudice', authors: 'Jane Austen' }), // a seed book's ISBN
    row({ goodreads_book_id: '3', language_code: 'fre' }),
    row({ goodreads_book_id: '5', isbn: '043965548X', isbn13: '9.78043965548e+12', title: 'Harry Potter and the Prisoner of Azkaban (Harry Potter, #3)', authors: 'J.K. Rowling, Mary GrandPré, Rufus Beck' }),
    row({ goodreads_book_id: '6', isbn: '61120081', isbn13: '9.78006112008e+12', title: 'To Kill a Mockingbird', authors: 'Harper Lee' }),
  ];

  it('puts the seed books first, then the rows it takes, up to the limit', () => {
    const { catalogue, report } = buildCatalogue(rows, 2);
    const fromDataset = catalogue.books.filter((book) => book.from === 'goodbooks-10k');
    expect(catalogue.books[0]).toMatchObject({ from: 'shop', title: 'Pride and Prejudice', isbn13: '9780141439518' });
    expect(fromDataset.map((book) => book.title)).toEqual(['The Hunger Games', 'Harry Potter and the Prisoner of Azkaban']);
    expect(report).toMatchObject({ fromDataset: 2, rowsRead: 5, skipped: { 'ISBN already listed': 2, 'not English': 1 } });
  });

  it('numbers ids in order and shares an author’s key between books', () => {
    const { catalogue } = buildCatalogue(rows);
    expect(catalogue.books.map((book) => book.edition)).toEqual(catalogue.books.map((_, index) => `OL${90_000_001 + index}M`));
    const austen = catalogue.authors.filter((author) => author.name === 'Jane Austen');
    expect(austen).toHaveLength(1);
    const potter = catalogue.books.find((book) => book.isbn10 === '043965548X');
    expect(potter?.authors.map((key) => catalogue.authors.find((author) => author.key === key)?.name)).toEqual(['J.K. Rowling', 'Mary GrandPré', 'Rufus Beck']);
    expect(potter).toMatchObject({ language: 'eng', goodreads: '5', year: 2008, cover: expect.any(Number) });
  });
});
