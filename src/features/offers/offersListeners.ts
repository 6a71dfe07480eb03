import { errorMessage } from '../../api/baseApi';
import { useFeatureListeners } from '../../app/featureListeners';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { paths } from '../../config/paths';
import { formatUsd } from '../../lib/money';
import { notificationArrived } from '../../api/liveEvents';
import { offersCopy } from './copy';
import { offersApi } from './offersApi';

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

/** The offer listeners, while a page or a button that starts these flows is on screen (src/app/featureListeners.ts). */
export const useOfferListeners = (): void => useFeatureListeners(addOfferListeners);
