import { setupServer } from 'msw/node';

/** The API as tests see it: the default configuration's host. */
export const API = 'http://127.0.0.1:5000';

/** One msw server for the whole client suite; each test adds its handlers with `server.use`. */
export const server = setupServer();
