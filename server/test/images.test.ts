import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { buildTestApp, signUpCast, type TestApp } from './helper';
import { IMAGE_KEY, jpegOf, pixels, pngOf, upload, type UploadAnswer } from './imageSupport';

let t: TestApp;
let cast: Awaited<ReturnType<typeof signUpCast>>;
beforeAll(async () => {
  t = await buildTestApp({ imageHostKey: IMAGE_KEY });
  cast = await signUpCast(t.app);
});
afterAll(() => t.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const storedFiles = async () => readdir(path.join(t.dataDir, 'images')).catch(() => [] as string[]);

function expectRefused(response: { statusCode: number; json(): unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ message: expect.any(String) });
}

describe('image host', () => {
  it('stores an upload as WebP, answers like imgbb with what it stored, then serves it', async () => {
    const response = await upload(t.app, cast.seller, await pngOf(3, 2));
    expect(response.statusCode).toBe(200);
    const answer = response.json<UploadAnswer & { success: boolean; status: number; data: { title: string; display_url: string } }>();
    expect(answer).toMatchObject({
      success: true, status: 200,
      data: { title: 'cover', width: 3, height: 2, expiration: 0, image: { mime: 'image/webp', extension: 'webp' } },
    });
    expect(answer.data.url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/image-host\/i\/[0-9a-f]{24}\.webp$/);
    expect(answer.data.display_url).toBe(answer.data.url);

    const served = await t.app.inject({ url: new URL(answer.data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.rawPayload.length).toBe(answer.data.size);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 3, height: 2 });
    // A client (or cache) holding these bytes revalidates without downloading them again.
    expect(served.headers.etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await t.app.inject({ url: new URL(answer.data.url).pathname, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('refuses a wrong key with 400', async () => {
    expectRefused(await upload(t.app, cast.seller, await pngOf(3, 2), { key: 'wrong' }), 400);
  });

  it('refuses files that are not png, jpeg, webp or gif by their bytes, SVG included', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>');
    expectRefused(await upload(t.app, cast.seller, svg, { fileName: 'evil.png' }), 400);
    expectRefused(await upload(t.app, cast.seller, await pngOf(3, 2), { field: 'file' }), 400);
  });

  it('refuses images over 5 MB with 413', async () => {
    const big = Buffer.concat([await pngOf(3, 2), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expectRefused(await upload(t.app, cast.seller, big), 413);
  });

  it('refuses a non-multipart upload', async () => {
    const response = await t.app.inject({
      method: 'POST', url: `/image-host/1/upload?key=${IMAGE_KEY}`, headers: cast.seller.headers, payload: { image: 'x' },
    });
    expectRefused(response, 400);
  });

  it('serves the seed covers as SVG', async () => {
    const response = await t.app.inject({ url: '/image-host/i/category-fiction.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toContain('Fiction');
  });

  it.each(['..%2F..%2Fpackage.json', '..%2Fjwt-secret', 'jwt-secret', '.%2Fx.png', 'a.png%00.svg', 'missing.png'])(
    'never serves %s',
    async (file) => {
      const response = await t.app.inject({ url: `/image-host/i/${file}` });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.json()).toEqual({ message: expect.any(String) });
    },
  );
});

describe('malformed uploads', () => {
  const post = (contentType: string, payload: Buffer | string) =>
    t.app.inject({
      method: 'POST', url: `/image-host/1/upload?key=${IMAGE_KEY}`, payload,
      headers: { ...cast.seller.headers, 'content-type': contentType },
    });
  const boundary = 'b0undary';
  const part = (name: string, body: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${body}\r\n`;

  it.each([
    ['an empty file', `multipart/form-data; boundary=${boundary}`, `${part('image', '')}--${boundary}--\r\n`],
    ['a body cut off inside the file', `multipart/form-data; boundary=${boundary}`, part('image', 'abc').slice(0, -8)],
    ['no boundary', 'multipart/form-data', `${part('image', 'abc')}--${boundary}--\r\n`],
    ['no parts at all', `multipart/form-data; boundary=${boundary}`, `--${boundary}--\r\n`],
  ])('answers %s with a 4xx JSON message', async (_case, contentType, body) => {
    const response = await post(contentType, body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('uploads are decoded in full and re-encoded', () => {
  it('refuses a PNG signature followed by zeros with 400 and stores nothing', async () => {
    const before = await storedFiles();
    const fake = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(4 * 1024 * 1024)]);
    expectRefused(await upload(t.app, cast.seller, fake), 400);
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ['a JPEG', jpegOf],
    ['a PNG', pngOf],
  ])('refuses %s cut off half-way with 400', async (_kind, make) => {
    const whole = await make(300, 200);
    const before = await storedFiles();
    expectRefused(await upload(t.app, cast.seller, whole.subarray(0, Math.floor(whole.length / 2))), 400);
    expect(await storedFiles()).toEqual(before);
  });

  it('stores a JPEG upright and without its EXIF (orientation, copyright, GPS); the answer matches the file', async () => {
    const photo = await pixels(40, 20)
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'Jane Doe' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 13/1 1200/100' } })
      .jpeg()
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ width: 40, height: 20, orientation: 6 });
    expect(original.exif?.toString('latin1')).toContain('Jane Doe');

    const response = await upload(t.app, cast.seller, photo, { fileName: 'photo.jpg' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<UploadAnswer>();
    const stored = await readFile(path.join(t.dataDir, 'images', data.image.filename));
    const kept = await sharp(stored).metadata();
    expect(kept).toMatchObject({ format: 'webp', width: 20, height: 40 });
    expect(kept.exif).toBeUndefined();
    expect(kept.xmp).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(stored.includes('Jane Doe')).toBe(false);
    expect(data).toMatchObject({ width: 20, height: 40, size: stored.length, image: { mime: 'image/webp', extension: 'webp' } });
  });

  it.each([
    ['GIF', () => pixels(5, 4).gif().toBuffer()],
    ['WebP', () => pixels(5, 4).webp().toBuffer()],
  ])('takes a %s and stores it as WebP', async (_kind, make) => {
    const response = await upload(t.app, cast.seller, await make());
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadAnswer>().data).toMatchObject({ width: 5, height: 4, image: { extension: 'webp' } });
  });

  it('shrinks a large image to fit 1600 px on its long side', async () => {
    const response = await upload(t.app, cast.seller, await pngOf(3200, 1000));
    expect(response.statusCode).toBe(200);
    const { data } = response.json<UploadAnswer>();
    const stored = await readFile(path.join(t.dataDir, 'images', data.image.filename));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    expect(data).toMatchObject({ width: 1600, height: 500, size: stored.length });
  });

  it('refuses more than 40 megapixels with 400 without decoding them', async () => {
    const [width, height] = [8000, 5001];
    const huge = await sharp(Buffer.alloc(width * height), { raw: { width, height, channels: 1 } }).png().toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload(t.app, cast.seller, huge);
    expectRefused(response, 400);
    expect(response.json<{ message: string }>().message).toMatch(/megapixels/);
  });
});

describe('who may upload', () => {
  it('refuses an anonymous upload with 401', async () => {
    expectRefused(await upload(t.app, undefined, await pngOf(3, 2)), 401);
  });

  it('refuses a buyer with 403', async () => {
    expectRefused(await upload(t.app, cast.buyer, await pngOf(3, 2)), 403);
  });

  it('lets a seller and an admin upload', async () => {
    expect((await upload(t.app, cast.otherSeller, await pngOf(3, 2))).statusCode).toBe(200);
    expect((await upload(t.app, cast.admin, await pngOf(3, 2))).statusCode).toBe(200);
  });
});
