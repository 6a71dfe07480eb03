import './injectSupport';
import Fastify from 'fastify';
import securityHeaders, { API_SECURITY_HEADERS, resourcePolicyFor } from '../src/plugins/securityHeaders';
import { buildTestApp, signUp, type Actor, type TestApp } from './helper';

// The API's security headers, on every kind of answer the app gives.

let t: TestApp;
let buyer: Actor;
beforeAll(async () => {
  t = await buildTestApp();
  buyer = await signUp(t.app, 'headers.buyer@test.dev');
});
afterAll(() => t.close());

const expectApiHeaders = (headers: Record<string, unknown>) => {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect([name, headers[name]]).toEqual([name, value]);
};

describe('the API security headers', () => {
  it.each([
    ['a list', () => ({ url: '/bookCatagories' }), 200],
    ['an unknown URL', () => ({ url: '/no/such/route' }), 404],
    [
      'a malformed body',
      () => ({ method: 'POST' as const, url: '/bookings', headers: { ...buyer.headers, 'content-type': 'application/json' }, payload: '{"name":' }),
      400,
    ],
    ['a refused request', () => ({ url: '/products' }), 401],
    ['a control character in the URL', () => ({ url: '/books/search?q=%00' }), 400],
    [
      'a CORS preflight',
      () => ({ method: 'OPTIONS' as const, url: '/bookings', headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST' } }),
      204,
    ],
  ])('are on %s', async (_case, request, status) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(status);
    expectApiHeaders(response.headers);
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('leave an image embeddable by the web app on another origin, with the image route\'s own policy', async () => {
    const response = await t.app.inject({ url: '/image-host/i/category-fiction.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('give any image answer cross-origin embedding, and nothing else', async () => {
    const app = Fastify({ logger: false });
    await app.register(securityHeaders);
    app.get('/picture', async (_request, reply) => reply.type('image/webp').send(Buffer.from('RIFF')));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('hello'));
    const picture = await app.inject({ url: '/picture' });
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expectApiHeaders(picture.headers);
    expect((await app.inject({ url: '/text' })).headers['cross-origin-resource-policy']).toBe('same-site');
    await app.close();
    expect([resourcePolicyFor('IMAGE/PNG'), resourcePolicyFor(undefined), resourcePolicyFor('application/json')]).toEqual([
      'cross-origin',
      'same-site',
      'same-site',
    ]);
  });
});
