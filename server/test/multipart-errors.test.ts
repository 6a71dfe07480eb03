import './injectSupport';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { MAX_IMAGE_BYTES } from '../src/routes/images';
import errors from '../src/plugins/errors';
import { brokenMultipartCases, PNG_BYTES, tooLarge, UPLOAD_URL } from './brokenMultipart';
import { buildTestApp, signUp, type TestApp } from './helper';

let t: TestApp;
/** Uploads need a seller, so the broken bodies reach the multipart parser. */
let seller: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  seller = (await signUp(t.app, 'multipart-seller@test.dev', 'seller')).headers;
});
afterAll(() => t.close());

const storedUploads = () => readdir(path.join(t.dataDir, 'images')).catch(() => []);

describe('broken multipart uploads answer 400, size limits 413 (hole: 500 for a missing boundary or a truncated part)', () => {
  it.each([...brokenMultipartCases(), tooLarge()].map((c) => [c.label, c] as const))('%s', async (_label, broken) => {
    const before = await storedUploads();
    const response = await t.app.inject({
      method: 'POST', url: UPLOAD_URL, headers: { ...seller, 'content-type': broken.contentType }, payload: broken.body,
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: broken.status, body: { message: expect.any(String) } });
    expect(await storedUploads()).toEqual(before);
  });

  it('answers 413 when the size limit falls exactly where a chunk of the body ends (hole: the file came back cut short, 400)', async () => {
    // The parser stops at the limit; when a chunk ends right there, the next one only marks the
    // file as truncated, and nothing after it says so unless the route asks.
    const head = Buffer.from('--b\r\ncontent-disposition: form-data; name="image"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n');
    const upToLimit = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_IMAGE_BYTES - PNG_BYTES.length, 0x41)]);
    const rest = Buffer.concat([Buffer.alloc(1024, 0x41), Buffer.from('\r\n--b--\r\n')]);
    const before = await storedUploads();
    const response = await t.app.inject({
      method: 'POST', url: UPLOAD_URL,
      headers: { ...seller, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(head.length + upToLimit.length + rest.length) },
      payload: Readable.from([Buffer.concat([head, upToLimit]), rest], { objectMode: false }),
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 413, body: { message: expect.any(String) } });
    expect(await storedUploads()).toEqual(before);
  });

  it('says what is wrong with the body', async () => {
    const response = await t.app.inject({
      method: 'POST', url: UPLOAD_URL, headers: { ...seller, 'content-type': 'multipart/form-data' }, payload: 'x',
    });
    expect(response.json()).toEqual({ message: 'The upload is not a well-formed multipart/form-data body' });
  });
});

describe('the error handler', () => {
  it('treats a parser message as malformed multipart only on a multipart request', async () => {
    const app = Fastify({ logger: false });
    await app.register(errors);
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    app.post('/boom', async () => {
      throw new Error('Unexpected end of multipart data');
    });
    const multipart = await app.inject({ method: 'POST', url: '/boom', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '' });
    expect(multipart.statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/boom', payload: {} });
    expect({ status: json.statusCode, body: json.json() }).toEqual({ status: 500, body: { message: 'Internal Server Error' } });
    await app.close();
  });
});
