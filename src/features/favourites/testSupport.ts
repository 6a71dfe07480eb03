import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import type { Favourite } from './types';

export interface FavouriteCall {
  method: string;
  path: string;
  authorization: string | null;
}

/**
 * The favourites API in memory: GET lists `saved`, PUT and DELETE change it (the changes held until
 * `release` when `hold` is set, the list when `holdList` is, or answered by `refuse`), every call
 * recorded.
 */
export function serveFavourites(initial: Favourite[], options: { hold?: boolean; holdList?: boolean; refuse?: () => Response } = {}) {
  let saved = [...initial];
  const calls: FavouriteCall[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const record = (request: Request) =>
    calls.push({ method: request.method, path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
  server.use(
    http.get(`${API}/favourites`, async ({ request }) => {
      record(request);
      if (options.holdList) await held;
      return HttpResponse.json(saved);
    }),
    http.put(`${API}/favourites/:bookId`, async ({ request, params }) => {
      record(request);
      if (options.hold) await held;
      if (options.refuse) return options.refuse();
      const bookId = params.bookId as string;
      if (!saved.some((favourite) => favourite.bookId === bookId)) saved = [aFavourite({ bookId }), ...saved];
      return HttpResponse.json({ bookId, saved: true });
    }),
    http.delete(`${API}/favourites/:bookId`, async ({ request, params }) => {
      record(request);
      if (options.hold) await held;
      if (options.refuse) return options.refuse();
      saved = saved.filter((favourite) => favourite.bookId !== params.bookId);
      return HttpResponse.json({ bookId: params.bookId, saved: false });
    }),
  );
  return { calls, release: () => release() };
}

export const aFavourite = (overrides: Partial<Favourite> = {}): Favourite => ({
  bookId: 'b1',
  name: 'Dune',
  author: 'Frank Herbert',
  price: 8,
  img: 'https://img.example/dune.jpg',
  sold: false,
  savedPrice: 8,
  savedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
