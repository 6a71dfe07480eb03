import { isFulfilled } from '@reduxjs/toolkit';
import { endpointNamed } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';

/** A word once a review or a reply is posted (matched by name: the endpoints stay in the pages' chunks); a refusal shows in the form. */
export function addReviewListeners(startListening: AppStartListening): void {
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'postReview'),
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.reviews.posted, 'success');
    },
  });
  startListening({
    predicate: (action) => isFulfilled(action) && endpointNamed(action, 'replyToReview'),
    effect: (_action, api) => {
      api.extra.notifier.notify(copy.reviews.replied, 'success');
    },
  });
}
