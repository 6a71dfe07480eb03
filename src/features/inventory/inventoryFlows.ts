import type { UnknownAction } from '@reduxjs/toolkit';
import { baseApi, errorMessage } from '../../api/baseApi';
import type { ServerEvent } from '../../app/services';
import type { AppListenerEffectAPI } from '../../app/listenerMiddleware';
import { copy } from '../../config/copy';
import { inventoryApi, type InventoryImport } from './inventoryApi';
import { inventoryWords } from './inventoryWords';

/*
 * What the inventory flows do, in the page's chunk: the listeners that start them stay light in
 * the API layer every page loads.
 */

const STATES = new Set(['checking', 'checked', 'applying', 'applied', 'failed', 'discarded']);

/** An `import` event's data, or null when it is not an import. */
export function parseImport(data: string): InventoryImport | null {
  try {
    const value = JSON.parse(data) as Partial<InventoryImport> | null;
    if (!value || typeof value.id !== 'string' || typeof value.state !== 'string' || !STATES.has(value.state)) return null;
    if (typeof value.counts !== 'object' || value.counts === null || typeof value.progress !== 'object' || value.progress === null) return null;
    return value as InventoryImport;
  } catch {
    return null;
  }
}

/**
 * An `event: import` into the seller's imports (the bar and the counts move); once checked its
 * errors are read again, once applied the seller's products too.
 */
export function importChanged(event: ServerEvent, api: AppListenerEffectAPI): void {
  const changed = parseImport(event.data);
  if (!changed) return;
  let before: string | undefined;
  api.dispatch(
    inventoryApi.util.updateQueryData('getImports', undefined, (imports) => {
      const at = imports.findIndex((known) => known.id === changed.id);
      before = at >= 0 ? imports[at].state : undefined;
      if (at >= 0) imports[at] = { ...imports[at], ...changed };
      else imports.unshift(changed);
    }),
  );
  if (before === changed.state) return;
  // A new state is read again from the API too: an answer to a list asked before the event may
  // still be on its way, and would put the older state back.
  api.dispatch(baseApi.util.invalidateTags([{ type: 'InventoryImport', id: 'LIST' }]));
  if (changed.state === 'checked' || changed.state === 'applied') {
    api.dispatch(baseApi.util.invalidateTags([{ type: 'InventoryImport', id: changed.id }]));
  }
  if (changed.state === 'applied') api.dispatch(baseApi.util.invalidateTags(['Product']));
}

const downloadName = (action: UnknownAction): string =>
  (action.meta as { arg?: { originalArgs?: { name?: string } } } | undefined)?.arg?.originalArgs?.name ?? 'inventory.csv';

/** A CSV the page asked for, saved as a download (with the byte order mark the answer's reading dropped: a spreadsheet then reads UTF-8). */
export function saveCsv(action: UnknownAction & { payload: string }, api: AppListenerEffectAPI): void {
  const content = action.payload.startsWith('\uFEFF') ? action.payload : `\uFEFF${action.payload}`;
  api.extra.files.save({ name: downloadName(action), type: 'text/csv;charset=utf-8', content });
}

export function defaultsSaved(api: AppListenerEffectAPI): void {
  api.extra.notifier.notify(inventoryWords.defaults.saved, 'success');
}

export function refused(error: unknown, api: AppListenerEffectAPI): void {
  api.extra.notifier.notify(errorMessage(error, copy.errors.generic), 'error');
}
