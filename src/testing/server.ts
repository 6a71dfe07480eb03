import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The API as tests see it: the default configuration's host. */
export const API = 'http://127.0.0.1:5000';

/**
 * What every signed-in screen asks without a test caring: the navbar bell's unread counts (none),
 * the favourites every book's heart reads (none), the bundles every "Add to bundle" reads (none),
 * an order page's thread (none), a book page's view (taken), a seller's badge (none). A test that cares answers with its own handler.
 */
const backgroundHandlers = [
  http.get(`${API}/notifications`, () => HttpResponse.json([], { headers: { 'X-Unread-Count': '0' } })),
  http.get(`${API}/favourites`, () => HttpResponse.json([])),
  http.get(`${API}/bundles`, () => HttpResponse.json([])),
  // A book page's view beacon, when the browser has no sendBeacon (jsdom): fetch, keep-alive.
  http.post(`${API}/views`, () => new HttpResponse(null, { status: 204 })),
  // A seller's page reads whether its seller has the Reliable seller badge (not yet).
  http.get(`${API}/users/:id/reliability`, () => HttpResponse.json({ badge: false, orders: 0, shippedOnTime: null, disputed: null })),
  // The bell's and the menu's unread messages (none); an order's thread, which is nobody's.
  http.get(`${API}/threads`, () => HttpResponse.json([], { headers: { 'X-Unread-Count': '0' } })),
  http.get(`${API}/threads/:id`, () => HttpResponse.json({ message: 'No such conversation' }, { status: 404 })),
];

/** One msw server for the whole client suite; each test adds its handlers with `server.use`. */
export const server = setupServer(...backgroundHandlers);
