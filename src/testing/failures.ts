import { delay, http, HttpResponse, type HttpResponseResolver } from 'msw';
import { act } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '../api/baseApi';
import { API, server } from './server';

/** The three ways an API call goes wrong that a page must tell apart from an answer. */
export type Failure = 'slow' | 'failing' | 'refused';

export const FAILURES: Failure[] = ['slow', 'failing', 'refused'];

/** A resolver that goes wrong as asked: never answers, answers 500, or drops the connection. */
export function failingResolver(failure: Failure): HttpResponseResolver {
  return async () => {
    if (failure === 'slow') {
      await delay('infinite');
      return HttpResponse.json({});
    }
    if (failure === 'failing') return HttpResponse.json({ message: 'relation "books" does not exist' }, { status: 500 });
    return HttpResponse.error();
  };
}

/** The page's sentence for each failure (the `copy.messages` one). */
export const failureSentence = {
  slow: 'The shop took too long to answer. Retry in a moment.',
  failing: 'The shop had a problem on its side. Retry in a moment.',
  refused: 'The shop could not be reached. Check your connection, then retry.',
} as const satisfies Record<Failure, string>;

/**
 * GET `path` goes wrong `times` times (every attempt of the base query's retries counts), then
 * `answer` answers. Returns how many calls came.
 */
export function failThenAnswer(path: string, failure: Failure, times: number, answer: () => Response) {
  const calls = { count: 0 };
  const fail = failingResolver(failure);
  server.use(
    http.get(`${API}${path}`, (info) => {
      calls.count += 1;
      return calls.count <= times ? fail(info) : answer();
    }),
  );
  return calls;
}

/** Attempts of one call that fails: the first, and the base query's retries (none after a time-out). */
export const attemptsOf = (failure: Failure) => (failure === 'slow' ? 1 : 4);

/**
 * Runs the clock past every retry and the time-out, so a failure shows without the test waiting
 * for it (jest fake timers must be on).
 */
export async function runPastRetries() {
  await act(() => jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 8_000));
}

/** GET `path` goes wrong every time until `fix()` is called; then `answer` answers. */
export function failUntilFixed(path: string, failure: Failure, answer: () => Response) {
  let fixed = false;
  const fail = failingResolver(failure);
  server.use(http.get(`${API}${path}`, (info) => (fixed ? answer() : fail(info))));
  return {
    fix: () => {
      fixed = true;
    },
  };
}
