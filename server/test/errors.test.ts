import './injectSupport';
import Fastify from 'fastify';
import errors from '../src/plugins/errors';

describe('the error handler', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify({ logger: false });
    await app.register(errors);
    app.get('/boom', async () => {
      throw error;
    });
    return app;
  }

  it('answers 409 when a concurrent delete removed what the request referred to', async () => {
    const app = await appThrowing(Object.assign(new Error('insert violates foreign key constraint "bookings_book_id_fkey"'), { code: '23503' }));
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Something this request refers to was removed meanwhile' });
    await app.close();
  });

  it('answers a bare 500 without internals for anything else', async () => {
    const app = await appThrowing(new Error('relation "secret_table" does not exist'));
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    await app.close();
  });
});
