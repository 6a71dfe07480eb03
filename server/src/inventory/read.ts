import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { badRequest, HttpError } from '../lib/errors';
import { cellText, INVENTORY_COLUMNS, type InventoryColumn } from './csv';

/** The most rows one file may hold (its header aside). */
export const MAX_IMPORT_ROWS = 100_000;
/** The largest file, in bytes. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** A data row of a file: the spreadsheet row it is (the header is row 1) and its cells by column. */
export interface FileRow {
  line: number;
  cells: Partial<Record<InventoryColumn, string>>;
}

export interface InventoryFile {
  delimiter: ',' | '\t';
  encoding: 'utf-8' | 'windows-1252';
  columns: InventoryColumn[];
  rows: FileRow[];
}

const notInventoryText = () =>
  badRequest('This is not a CSV or tab-separated text file: save the inventory as CSV (UTF-8) and upload it again');

/** Bytes that Windows-1252 leaves undefined: text with them is in some other encoding. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * The text of the file: UTF-8 with or without a byte order mark, else Windows-1252 (what Excel
 * on Windows saves as "CSV"). UTF-16 and binary files are refused with a message.
 */
export function decodeInventoryText(bytes: Buffer): { text: string; encoding: InventoryFile['encoding'] } {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    try {
      return { text: utf8.decode(bytes.subarray(3)), encoding: 'utf-8' };
    } catch {
      throw badRequest('The file starts as UTF-8 but is not: save it again as CSV (UTF-8)');
    }
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw badRequest('This file is UTF-16 (Unicode text): save it as CSV (UTF-8) and upload it again');
  }
  if (bytes.includes(0)) throw notInventoryText();
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    if (bytes.some((byte) => UNDEFINED_IN_1252.has(byte))) {
      throw badRequest('The file is neither UTF-8 nor Windows-1252 text: save it as CSV (UTF-8) and upload it again');
    }
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** Tab-separated when its first line holds more tabs than commas. */
function delimiterOf(text: string): InventoryFile['delimiter'] {
  const end = text.search(/\r?\n/);
  const header = end < 0 ? text : text.slice(0, end);
  const count = (char: string) => header.split(char).length - 1;
  return count('\t') > count(',') ? '\t' : ',';
}

const KNOWN = new Set<string>(INVENTORY_COLUMNS);

/** The header's columns, in the file's order (null for a column this shop does not read). */
function columnsOf(header: string[]): (InventoryColumn | null)[] {
  const names = header.map((name) => name.trim().toLowerCase().replace(/[\s-]+/g, '_'));
  if (!names.some((name) => KNOWN.has(name))) {
    throw badRequest(`This is not an inventory file: its first row names none of the columns (${INVENTORY_COLUMNS.join(', ')})`);
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (KNOWN.has(name) && seen.has(name)) throw badRequest(`The column "${name}" is named twice in the first row`);
    seen.add(name);
  }
  for (const required of ['sku', 'price', 'condition'] as const) {
    if (!seen.has(required)) throw badRequest(`The file has no column "${required}": every row needs one`);
  }
  if (!seen.has('title') && !seen.has('isbn')) throw badRequest('The file has no column "title" or "isbn": every row needs one of them');
  return names.map((name) => (KNOWN.has(name) ? (name as InventoryColumn) : null));
}

const tooManyRows = () => new HttpError(413, `A file holds at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows: split it in several`);

/**
 * Reads an inventory file: its encoding, delimiter, header and rows. Quoted cells may hold
 * delimiters, quotes and line breaks; blank rows are skipped (they keep their number, as in a
 * spreadsheet); cells are trimmed, and the apostrophe an export puts before a formula-like cell is
 * taken off. Parsed a chunk at a time, so a large file lets other requests through.
 */
export async function readInventoryFile(bytes: Buffer): Promise<InventoryFile> {
  if (bytes.length > MAX_IMPORT_BYTES) throw new HttpError(413, 'A file is at most 50 MB: split it in several');
  const { text, encoding } = decodeInventoryText(bytes);
  if (text.trim() === '') throw badRequest('The file is empty');
  const delimiter = delimiterOf(text);
  const parser = parse({ delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: false });
  const chunks = (function* () {
    for (let at = 0; at < text.length; at += 64 * 1024) yield text.slice(at, at + 64 * 1024);
  })();
  Readable.from(chunks).pipe(parser);
  let columns: (InventoryColumn | null)[] | undefined;
  const rows: FileRow[] = [];
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1;
      if (columns === undefined) {
        columns = columnsOf(record);
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (rows.length >= MAX_IMPORT_ROWS) throw tooManyRows();
      const cells: FileRow['cells'] = {};
      record.forEach((cell, index) => {
        const column = columns?.[index];
        const value = cellText(cell.trim());
        if (column && value !== '') cells[column] = value;
      });
      rows.push({ line, cells });
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof HttpError) throw error;
    const where = (error as { lines?: number }).lines;
    throw badRequest(`The file is not well-formed ${delimiter === '\t' ? 'tab-separated text' : 'CSV'}${where ? ` (near line ${where})` : ''}: ${(error as Error).message}`);
  }
  if (columns === undefined) throw badRequest('The file is empty');
  return { delimiter, encoding, columns: columns.filter((column): column is InventoryColumn => column !== null), rows };
}
