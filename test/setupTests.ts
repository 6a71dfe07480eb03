import '@testing-library/jest-dom';
import { server } from '../src/testing/server';
import { setConfig } from '../src/config/env';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  setConfig(undefined);
});
afterAll(() => server.close());
