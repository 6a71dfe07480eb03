import { backoffDelay, baseApi } from '../../api/baseApi';
import { liveEventArrived, notificationArrived } from '../../api/liveEvents';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import type { ServerEvent } from '../../app/services';
import { EventStreamError } from '../../lib/eventStream';
import { readAccessToken } from '../../lib/tokenStorage';
import type { AppNotification } from '../../types/entities';
import { notificationSentence } from './notificationSentence';

/*
 * The live stream's loop, in a chunk of its own: fetched when someone is signed in, so the API
 * layer that every page waits for does not carry it.
 */

// A book's notification (a want listed, a price drop) names its book and may name no booking.
const isNotification = (value: unknown): value is AppNotification =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AppNotification)._id === 'string' &&
  typeof (value as AppNotification).kind === 'string' &&
  (typeof (value as AppNotification).bookingId === 'string' || typeof (value as AppNotification).bookId === 'string') &&
  ['buyer', 'seller', 'user'].includes((value as AppNotification).role);

function parseNotification(event: ServerEvent): AppNotification | null {
  if (event.event !== 'notification') return null;
  try {
    const value: unknown = JSON.parse(event.data);
    return isNotification(value) ? { ...value, bookingId: value.bookingId ?? '' } : null;
  } catch {
    return null;
  }
}

const MONEY_MOVES = new Set<AppNotification['kind']>(['paid', 'completed', 'refunded', 'payout_paid', 'payout_failed']);

/** What a notification changed: the lists of notifications, its order wherever it shows, a seller's earnings. */
function received(notification: AppNotification, api: AppListenerEffectAPI): void {
  api.dispatch(notificationArrived(notification));
  api.dispatch(
    baseApi.util.invalidateTags([
      { type: 'Notification', id: 'LIST' },
      { type: 'Booking', id: notification.bookingId },
      // A new booking shows in the seller's My Buyer; a new dispute in the admin's list.
      ...(notification.kind === 'booked' ? [{ type: 'Booking' as const, id: 'SELLER' }] : []),
      ...(notification.kind === 'disputed' ? [{ type: 'Booking' as const, id: 'DISPUTES' }] : []),
      // A sale paid, completed or refunded, and a payout paid or failed, move the seller's money.
      ...(notification.role === 'seller' && MONEY_MOVES.has(notification.kind) ? ['Earnings' as const] : []),
      // A favourite's new price shows in the favourites; a wanted book, in the lists and searches.
      ...(notification.kind === 'price_drop' ? [{ type: 'Favourite' as const, id: 'LIST' }] : []),
      ...(notification.kind === 'want_listed' ? [{ type: 'Book' as const, id: 'LIST' }] : []),
    ]),
  );
  if (!notification.read) api.extra.notifier.notify(notificationSentence(notification), 'info');
}

/** How many ids the stream remembers having taken (far more than a resume sends again). */
const SEEN_MAX = 2_000;
/** Ids are whole numbers, past what a double holds exactly: compared as strings of digits. */
const isLater = (id: string, than: string): boolean => id.length > than.length || (id.length === than.length && id > than);

/**
 * The live stream, while someone is signed in: opened with the access token in the header, read
 * until it ends or breaks, then opened again after a back-off (1 s, 2 s, 4 s … 30 s, at least what
 * the server's `retry:` asks) with `Last-Event-ID` (the highest id taken), so nothing sent meanwhile
 * is missed; what it sends again is dropped by its id. A refusal
 * (401, 403) waits for the next session; the listener's cancellation (a sign-out) closes it.
 */
export async function runLiveStream(api: AppListenerEffectAPI): Promise<void> {
  let lastEventId: string | null = null;
  // A resumed stream sends its last half minute again (a row may commit after a later id): each id is taken once.
  const seen = new Set<string>();
  const firstTime = (id: string | null): boolean => {
    if (id === null) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value ?? id);
    if (lastEventId === null || isLater(id, lastEventId)) lastEventId = id;
    return true;
  };
  let failures = 0;
  let serverRetryMs = 0;
  for (;;) {
    const token = readAccessToken();
    if (!token) return;
    const connection = new AbortController();
    const close = () => connection.abort();
    api.signal.addEventListener('abort', close);
    try {
      await api.pause(
        api.extra.events.connect({
          token,
          lastEventId,
          signal: connection.signal,
          onOpen: () => {
            failures = 0;
          },
          onRetry: (ms) => {
            serverRetryMs = ms;
          },
          onEvent: (event) => {
            const notification = parseNotification(event);
            if (notification) {
              if (firstTime(event.id ?? notification._id)) received(notification, api);
            } else if (event.event !== 'notification') {
              // Other kinds (a message) share the ids: resuming after one misses nothing either.
              if (event.event !== 'message' || firstTime(event.id)) api.dispatch(liveEventArrived(event));
            }
          },
        }),
      );
    } catch (error) {
      if (api.signal.aborted) return;
      if (error instanceof EventStreamError && (error.status === 401 || error.status === 403)) return;
    } finally {
      api.signal.removeEventListener('abort', close);
    }
    failures += 1;
    await api.delay(Math.max(serverRetryMs, backoffDelay(failures)));
  }
}
