import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildTestApp, signUp, type TestApp } from './helper';
import { IMAGE_KEY, noisyPngOf, pngOf, upload, type UploadAnswer } from './imageSupport';

const storedIn = async (t: TestApp) => (await readdir(path.join(t.dataDir, 'images')).catch(() => [] as string[])).length;

describe('upload quota per account', () => {
  const QUOTA_BYTES = 50_000;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ imageHostKey: IMAGE_KEY, uploadQuotaImages: 3, uploadQuotaBytes: QUOTA_BYTES });
  });
  afterAll(() => t.close());

  it('refuses the upload past the number of images with 429 and a clear message, and stores nothing', async () => {
    const seller = await signUp(t.app, 'count@test.dev', 'seller');
    for (let index = 0; index < 3; index += 1) expect((await upload(t.app, seller, await pngOf(3, 2))).statusCode).toBe(200);
    const files = await storedIn(t);

    const refused = await upload(t.app, seller, await pngOf(3, 2));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/at most 3 images.*removed once they are 24 hours old/) });
    expect(await storedIn(t)).toBe(files);

    // The quota is per account: another seller still has room.
    expect((await upload(t.app, await signUp(t.app, 'count-other@test.dev', 'seller'), await pngOf(3, 2))).statusCode).toBe(200);
  });

  it('refuses the upload past the bytes allowed with 413 and a clear message, yet takes a small one that fits', async () => {
    const seller = await signUp(t.app, 'bytes@test.dev', 'seller');
    const first = await upload(t.app, seller, await noisyPngOf(200, 200, 1));
    expect(first.statusCode).toBe(200);
    const files = await storedIn(t);

    const refused = await upload(t.app, seller, await noisyPngOf(200, 200, 2));
    expect(refused.statusCode).toBe(413);
    // Noise stays large once stored: room for one such image, not for two.
    expect(first.json<UploadAnswer>().data.size).toBeGreaterThan(QUOTA_BYTES / 2);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/would take your images past \d+ KB/) });
    expect(await storedIn(t)).toBe(files);

    expect((await upload(t.app, seller, await pngOf(3, 2))).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uploads take the last place', async () => {
    const seller = await signUp(t.app, 'race@test.dev', 'seller');
    for (let index = 0; index < 2; index += 1) expect((await upload(t.app, seller, await pngOf(3, 2))).statusCode).toBe(200);
    const image = await pngOf(3, 2);
    const statuses = (await Promise.all([upload(t.app, seller, image), upload(t.app, seller, image)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 429]);
  });
});

describe('upload rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ imageHostKey: IMAGE_KEY, rateLimitPerMinute: 2 });
  });
  afterAll(() => t.close());

  it('counts uploads per account, not per address', async () => {
    const seller = await signUp(t.app, 'rate@test.dev', 'seller');
    const image = await pngOf(3, 2);
    expect((await upload(t.app, seller, image)).statusCode).toBe(200);
    expect((await upload(t.app, seller, image)).statusCode).toBe(200);
    const limited = await upload(t.app, seller, image);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.any(String) });

    // Same address, another account: not limited by the first one's uploads.
    const other = await signUp(t.app, 'rate-other@test.dev', 'seller');
    expect((await upload(t.app, other, image)).statusCode).toBe(200);
  });
});
