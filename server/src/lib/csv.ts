import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvCell } from '../inventory/csv';

/**
 * A CSV line: text cells made inert against formula injection and quoted as RFC 4180 asks;
 * numbers as they are (a number cannot run as a formula), so a negative amount stays a number.
 */
export function csvRow(cells: ReadonlyArray<string | number>): string {
  return `${cells.map((cell) => (typeof cell === 'number' ? String(cell) : csvCell(cell))).join(',')}\r\n`;
}

/**
 * Sends a CSV file as it is made: its header, then each page of lines the generator yields, so
 * that a million rows never sit in memory. The byte order mark tells a spreadsheet it is UTF-8.
 */
export function sendCsv(reply: FastifyReply, filename: string, columns: readonly string[], pages: AsyncIterable<ReadonlyArray<ReadonlyArray<string | number>>>) {
  async function* file() {
    yield `\uFEFF${csvRow(columns)}`;
    for await (const rows of pages) if (rows.length > 0) yield rows.map(csvRow).join('');
  }
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(file()));
}
