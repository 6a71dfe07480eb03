import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from '../src/testing/server';
import { setConfig } from '../src/config/env';

// findBy*/waitFor give up after 10 s instead of 1 s: on a busy machine a lazy chunk or a
// mocked answer can take longer than a second to arrive.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  setConfig(undefined);
});
afterAll(() => server.close());
