import { addListener } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { errorMessage } from '../../api/baseApi';
import { useAppDispatch } from '../../app/hooks';
import type { AppStartListening } from '../../app/listenerMiddleware';
import type { AppServices } from '../../app/services';
import type { AppDispatch, RootState } from '../../app/storeShell';
import { paths } from '../../config/paths';
import { formatUsd } from '../../lib/money';
import { notificationArrived } from '../../api/liveEvents';
import { offersCopy } from './copy';
import { offersApi } from './offersApi';

const addAppListener = addListener.withTypes<RootState, AppDispatch, AppServices>();

/**
 * Offers: the offer's page once one is sent (a refusal is said in its dialog), a word after each
 * answer, the API's reason when an acceptance is refused (a counter's and a decline's are said in
 * their dialogs), and the offer read again when the other side moves it (a live notification).
 */
export function addOfferListeners(startListening: AppStartListening): void {
  const { makeOffer, counterOffer, acceptOffer, declineOffer } = offersApi.endpoints;
  startListening({
    matcher: makeOffer.matchFulfilled,
    effect: ({ payload }, api) => {
      api.extra.notifier.notify(offersCopy.sent, 'success');
      api.extra.navigation.navigate(paths.offer(payload.id));
    },
  });
  startListening({
    matcher: counterOffer.matchFulfilled,
    effect: ({ payload }, api) => api.extra.notifier.notify(offersCopy.countered(formatUsd(payload.amount)), 'success'),
  });
  startListening({
    matcher: acceptOffer.matchFulfilled,
    effect: ({ payload }, api) => api.extra.notifier.notify(offersCopy.accepted(formatUsd(payload.amount)), 'success'),
  });
  startListening({
    matcher: declineOffer.matchFulfilled,
    effect: (_action, api) => api.extra.notifier.notify(offersCopy.declined, 'success'),
  });
  startListening({
    matcher: acceptOffer.matchRejected,
    effect: ({ payload, error }, api) => api.extra.notifier.notify(errorMessage(payload ?? error, offersCopy.moveFailed), 'error'),
  });
  // The other side answered: the offer on screen and the lists read again; an acceptance made an order.
  startListening({
    actionCreator: notificationArrived,
    effect: ({ payload }, api) => {
      if (!payload.offerId) return;
      api.dispatch(
        offersApi.util.invalidateTags([
          { type: 'Offer', id: payload.offerId },
          { type: 'Offer', id: 'LIST' },
          ...(payload.kind === 'offer_accepted' ? [{ type: 'Booking' as const, id: 'LIST' }, { type: 'Booking' as const, id: 'SELLER' }] : []),
        ]),
      );
    },
  });
}

/** Each store's offer listeners and how many mounted components use them. */
const inUse = new WeakMap<AppDispatch, { users: number; stop(): void }>();

/**
 * The offer listeners, while an offer page, dialog or button is on screen: they come with the
 * feature's chunks, so the API layer every page loads does not carry them. Several users share one
 * set, which goes with the last of them.
 */
export function useOfferListeners(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let entry = inUse.get(dispatch);
    if (!entry) {
      const stops: (() => void)[] = [];
      const start = ((options: Parameters<typeof addAppListener>[0]) => {
        const stop = dispatch(addAppListener(options)) as unknown as () => void;
        stops.push(stop);
        return stop;
      }) as unknown as AppStartListening;
      addOfferListeners(start);
      entry = { users: 0, stop: () => stops.forEach((stop) => stop()) };
      inUse.set(dispatch, entry);
    }
    const current = entry;
    current.users += 1;
    return () => {
      current.users -= 1;
      if (current.users > 0) return;
      current.stop();
      inUse.delete(dispatch);
    };
  }, [dispatch]);
}
