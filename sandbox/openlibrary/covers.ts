/**
 * Covers drawn here, not downloaded: a plain SVG (a colour from the ISBN, the title, the first
 * author) rendered to JPEG with sharp, once per cover and size, then kept in memory.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type CoverSize = 'S' | 'M' | 'L';

/**
 * Pixel sizes of a 2:3 cover fitted, as Open Library's cover store fits each upload, within
 * its bounds: S 116×58, M 180×360, L 500×500.
 */
export const COVER_SIZES: Record<CoverSize, { width: number; height: number }> = {
  S: { width: 38, height: 58 },
  M: { width: 180, height: 270 },
  L: { width: 333, height: 500 },
};

/**
 * What covers.openlibrary.org answers (200) for a cover it does not have, unless asked for
 * `?default=false`: a transparent 1×1 GIF.
 */
export const BLANK_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export interface CoverFacts {
  isbn13: string;
  title: string;
  author: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);

/** A hue from the ISBN, so each book keeps its colour across runs. */
function hueOf(isbn13: string): number {
  return createHash('sha256').update(isbn13).digest().readUInt16BE(0) % 360;
}

/** Words packed into lines of at most `width` characters; the last line ends in … if cut. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((each) => (each.length > width ? `${each.slice(0, width - 1)}…` : each));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, width - 1)}…`;
  return kept;
}

export function coverSvg({ isbn13, title, author }: CoverFacts): string {
  const { width, height } = COVER_SIZES.L;
  const hue = hueOf(isbn13);
  const titleLines = wrap(title, 14, 7);
  const authorLines = wrap(author, 24, 2);
  const text = (lines: string[], y: number, size: number, weight: string) =>
    lines
      .map((line, index) => `<text x="${width / 2}" y="${y + index * size * 1.2}" font-size="${size}" font-weight="${weight}">${escapeXml(line)}</text>`)
      .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="hsl(${hue}, 45%, 32%)"/>`,
    `<rect x="18" y="18" width="${width - 36}" height="${height - 36}" fill="none" stroke="hsl(${hue}, 40%, 80%)" stroke-width="3"/>`,
    `<rect x="0" y="${height - 120}" width="${width}" height="70" fill="hsl(${hue}, 30%, 88%)"/>`,
    `<g font-family="DejaVu Serif, serif" text-anchor="middle" fill="#ffffff">${text(titleLines, 84, 27, 'bold')}</g>`,
    `<g font-family="DejaVu Sans, sans-serif" text-anchor="middle" fill="hsl(${hue}, 45%, 20%)">${text(authorLines, height - 92, 18, 'normal')}</g>`,
    '</svg>',
  ].join('');
}

async function render(facts: CoverFacts, size: CoverSize): Promise<Buffer> {
  const { width, height } = COVER_SIZES[size];
  return sharp(Buffer.from(coverSvg(facts)))
    .resize(width, height, { fit: 'fill' })
    .jpeg({ quality: size === 'S' ? 80 : 85 })
    .toBuffer();
}

/** Each cover drawn once per size; the same promise serves requests that arrive together. */
export class CoverCache {
  readonly #images = new Map<string, Promise<Buffer>>();

  get(coverId: number, size: CoverSize, facts: CoverFacts): Promise<Buffer> {
    const key = `${coverId}-${size}`;
    let image = this.#images.get(key);
    if (!image) {
      image = render(facts, size);
      image.catch(() => this.#images.delete(key));
      this.#images.set(key, image);
    }
    return image;
  }
}
