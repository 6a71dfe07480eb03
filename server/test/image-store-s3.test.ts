import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { s3ImageStore, type S3Settings } from '../src/lib/s3ImageStore';
import { buildTestApp, signUp, type Actor, type TestApp } from './helper';
import { IMAGE_KEY, pngOf, uploaded } from './imageSupport';

/**
 * `IMAGE_STORE=s3` against a real S3-compatible server run here (s3rver): uploads and their
 * narrower copies as objects, served by every API process on the bucket, swept like any upload.
 */
let server: S3rver;
let directory: string;
let settings: S3Settings;
let t: TestApp;
let seller: Actor;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'book-resale-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const address = (await server.run()) as AddressInfo;
  settings = {
    bucket: 'book-resale-test', endpoint: `http://127.0.0.1:${address.port}`, region: 'us-east-1', forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, prefix: 'images/',
  };
  await s3ImageStore(settings).client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  t = await buildTestApp({ imageHostKey: IMAGE_KEY, imageStore: 's3', s3: settings });
  seller = await signUp(t.app, 's3-seller@test.dev', 'seller');
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

const exists = async (key: string) => {
  try {
    await s3ImageStore(settings).client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
};

it('keeps an upload as an object, serves it and its narrower copy from the bucket, in a second process too', async () => {
  const image = await uploaded(t.app, seller, await pngOf(900, 600));
  const name = image.image.filename;
  expect(await exists(`images/originals/${name}`)).toBe(true);
  const pathname = new URL(image.url).pathname;
  const served = await t.app.inject({ url: pathname });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.rawPayload.length).toBe(image.size);
  const narrow = await t.app.inject({ url: `${pathname}?w=320` });
  expect((await sharp(narrow.rawPayload).metadata()).width).toBe(320);
  expect(await exists(`images/w320/${name}`)).toBe(true);

  // Another process, with its own empty data folder, on the same bucket and database.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'book-resale-s3-second-'));
  const second = await buildApp({ ...t.options, db: t.testDb.db, seed: false, config: { ...t.options.config, dataDir } });
  try {
    expect((await second.inject({ url: pathname })).rawPayload.equals(served.rawPayload)).toBe(true);
  } finally {
    await second.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  await t.app.imageStore.remove(name);
  expect(await exists(`images/originals/${name}`)).toBe(false);
  expect(await exists(`images/w320/${name}`)).toBe(false);
  expect((await t.app.inject({ url: pathname })).statusCode).toBe(404);
});

it('lists what it holds for the sweep, and reads its settings from the environment', async () => {
  const image = await uploaded(t.app, seller, await pngOf(20, 20));
  expect(await t.app.imageStore.storedBefore(new Date(Date.now() + 60_000))).toContain(image.image.filename);
  expect(await t.app.imageStore.storedBefore(new Date(Date.now() - 3_600_000))).not.toContain(image.image.filename);

  expect(loadConfig({ IMAGE_STORE: 's3', S3_BUCKET: 'shop-images', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' }).s3).toEqual({
    bucket: 'shop-images', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, credentials: undefined, prefix: 'images/',
  });
  expect(() => loadConfig({ IMAGE_STORE: 's3' })).toThrow(ConfigError);
  expect(() => loadConfig({ IMAGE_STORE: 's3', S3_BUCKET: 'x' })).toThrow('S3_BUCKET');
  expect(() => loadConfig({ IMAGE_STORE: 's3', S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'a' })).toThrow('go together');
});
