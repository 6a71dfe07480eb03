import { addListener, createAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/storeShell';
import type { AppServices } from '../../app/services';
import { getConfig } from '../../config/env';
import { readAccessToken } from '../../lib/tokenStorage';

/** A book's page was shown to someone who is not its seller (server/src/insight/README.md). */
export const bookViewed = createAction<{ bookId: string }>('insight/bookViewed');

const addAppListener = addListener.withTypes<RootState, AppDispatch, AppServices>();

/** Where this tab's anonymous session id is kept: it names no person, and leaves with the tab. */
export const VIEW_SESSION_KEY = 'viewSession';

/** A new session id: 16 random bytes in hex. */
const newSession = () => `tab-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** This tab's anonymous session id, made on its first view. */
export function viewSession(): string {
  try {
    const kept = window.sessionStorage.getItem(VIEW_SESSION_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const made = newSession();
    window.sessionStorage.setItem(VIEW_SESSION_KEY, made);
    return made;
  } catch {
    // No session storage (a locked-down browser): a session for this page only.
    return newSession();
  }
}

/**
 * The view's beacon: `POST /views` as JSON text (what a beacon may send across origins without
 * asking first), with the viewer's token when signed in, so the API can leave a seller's own
 * views out. A browser without beacons sends a keep-alive request instead; a refusal is ignored.
 */
export function sendViewBeacon(bookId: string): void {
  const body = JSON.stringify({ bookId, session: viewSession(), ...(readAccessToken() && { token: readAccessToken() }) });
  const url = `${getConfig().apiUrl}/views`;
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => undefined);
}

/**
 * Counts a view of the book once its page is live, for anyone but its seller: the listener that
 * sends the beacon is there while the page is.
 */
export function useBookView(bookId: string | undefined, ownBook: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const stop = dispatch(addAppListener({ actionCreator: bookViewed, effect: ({ payload }) => sendViewBeacon(payload.bookId) })) as unknown as () => void;
    return stop;
  }, [dispatch]);
  useEffect(() => {
    if (bookId && !ownBook) dispatch(bookViewed({ bookId }));
  }, [bookId, ownBook, dispatch]);
}
