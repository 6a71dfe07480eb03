import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ imageHostKey: 'test-image-key' });
});
afterAll(() => t.close());

/** A 3×2 PNG header is all the detection reads; the rest of the bytes are padding. */
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]),
  Buffer.alloc(64),
]);

function multipart(field: string, fileName: string, bytes: Buffer, contentType = 'image/png') {
  const boundary = '----book-resale-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (key: string, form: ReturnType<typeof multipart>) =>
  t.app.inject({ method: 'POST', url: `/image-host/1/upload?key=${key}`, ...form });

describe('image host', () => {
  it('stores an upload and answers like imgbb, then serves it', async () => {
    const response = await upload('test-image-key', multipart('image', 'cover.png', png));
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ success: true, status: 200, data: { title: 'cover', width: 3, height: 2, size: png.length, expiration: 0 } });
    expect(answer.data.url).toMatch(/^http:\/\/127\.0\.0\.1:5000\/image-host\/i\/[0-9a-f]{24}\.png$/);
    expect(answer.data.display_url).toBe(answer.data.url);

    const served = await t.app.inject({ url: new URL(answer.data.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a wrong key with 400', async () => {
    const response = await upload('wrong', multipart('image', 'cover.png', png));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses files that are not png, jpeg, webp or gif by their bytes', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload('test-image-key', multipart('image', 'evil.png', svg));
    expect(response.statusCode).toBe(400);
    expect((await upload('test-image-key', multipart('file', 'cover.png', png))).statusCode).toBe(400);
  });

  it('refuses images over 5 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const response = await upload('test-image-key', multipart('image', 'big.png', big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a non-multipart upload', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/image-host/1/upload?key=test-image-key', payload: { image: 'x' } });
    expect(response.statusCode).toBe(400);
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
