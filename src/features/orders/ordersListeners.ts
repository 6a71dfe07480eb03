import { isFulfilled, isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { errorMessage } from '../../api/baseApi';
import type { AppStartListening } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import type { MoveRequest } from './ordersApi';

interface MoveMeta {
  arg?: { endpointName?: string; originalArgs?: MoveRequest };
  condition?: boolean;
}

/** The move asked for, when the action is an answer to one (matched by name: the endpoints stay in the pages' chunks). */
function moveOf(action: UnknownAction): MoveRequest | undefined {
  const meta = action.meta as MoveMeta | undefined;
  return meta?.arg?.endpointName === 'moveOrder' ? meta.arg.originalArgs : undefined;
}

/** The orders feature's side effects: a short toast after each move, the server's word when refused. */
export function addOrderListeners(startListening: AppStartListening): void {
  // The tags of the move (ordersApi) have the order and its lists read again.
  startListening({
    predicate: (action) => isFulfilled(action) && moveOf(action) !== undefined,
    effect: (action, api) => {
      const move = moveOf(action);
      if (move) api.extra.notifier.notify(copy.moves.done[move.move.to], 'success');
    },
  });
  startListening({
    predicate: (action) => isRejected(action) && moveOf(action) !== undefined,
    effect: (action, api) => {
      const move = moveOf(action);
      // A dialog says why in place and stays open for another try.
      if (!move || move.fromDialog || !isRejected(action)) return;
      api.extra.notifier.notify(errorMessage(action.payload ?? action.error, copy.moves.failed), 'error');
    },
  });
}
