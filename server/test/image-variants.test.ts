import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { buildTestApp, signUpCast, type TestApp } from './helper';
import { IMAGE_KEY, pngOf, uploaded } from './imageSupport';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp({ imageHostKey: IMAGE_KEY });
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

describe('narrower copies for srcset (?w=)', () => {
  it('serves an upload 320 or 640 px wide as WebP, never wider than the upload, and keeps the copy', async () => {
    const { url } = await uploaded(t.app, cast.seller, await pngOf(1200, 900));
    const pathname = new URL(url).pathname;
    for (const width of [320, 640] as const) {
      const response = await t.app.inject({ url: `${pathname}?w=${width}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const meta = await sharp(response.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height: (width * 3) / 4 });
    }
    expect(await readdir(path.join(t.dataDir, 'image-variants', 'w320'))).toHaveLength(1);
    // The uploads folder holds only uploads: the sweep never meets the copies.
    expect((await readdir(path.join(t.dataDir, 'images'))).every((name) => name.endsWith('.webp'))).toBe(true);

    const small = new URL((await uploaded(t.app, cast.seller, await pngOf(200, 100))).url).pathname;
    const notEnlarged = await sharp((await t.app.inject({ url: `${small}?w=960` })).rawPayload).metadata();
    expect(notEnlarged.width).toBe(200);
  });

  it('sends an SVG cover as it is, and refuses other widths with 400', async () => {
    const svg = await t.app.inject({ url: '/image-host/i/category-fiction.svg?w=320' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    const odd = await t.app.inject({ url: '/image-host/i/category-fiction.svg?w=333' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 404 for a copy of an image that does not exist', async () => {
    expect((await t.app.inject({ url: `/image-host/i/${'a'.repeat(24)}.webp?w=320` })).statusCode).toBe(404);
  });
});
