import { useEffect, type RefObject } from 'react';

/*
 * A server-rendered page is shown before the app is live, and a click on one of its controls then
 * would be lost. A control that can carry such a click out later is marked with
 * data-keep-click="<key>" until it is ready; the page's one inline script
 * (scripts/web/kept-clicks.mjs) notes a click on it in window.__keptClicks, with the aria-pressed the
 * control showed, and marks the control busy. Once ready, the control takes its click back and
 * carries it out. The contract between the two is the attribute, the list and its entries.
 */

/** A click noted before its control was ready: the control's key and the aria-pressed it showed. */
export interface KeptClick {
  key: string;
  pressed: string | null;
}

declare global {
  interface Window {
    /** Written by the page's inline script; absent where the page came without it (development). */
    __keptClicks?: KeptClick[];
  }
}

/** Takes the click kept for `key` off the list, if there is one. */
export function takeKeptClick(key: string): KeptClick | undefined {
  const kept = window.__keptClicks;
  const index = kept ? kept.findIndex((click) => click.key === key) : -1;
  return kept && index >= 0 ? kept.splice(index, 1)[0] : undefined;
}

/**
 * Keeps the clicks on a control of a server-rendered page until `ready`, then carries out the one
 * made before, if any. A toggle that by then already shows what the click asked for (a heart the
 * buyer's favourites show pressed) is left as it is. Spread what it returns on the control, always:
 * once ready, the mark is taken off the element itself, so the control need not render again for
 * it (a page of result cards re-renders none of its hearts when the session becomes known).
 */
export function useKeptClick(
  key: string,
  ready: boolean,
  control: RefObject<HTMLElement | null>,
  carryOut: () => void,
): { 'data-keep-click': string } {
  useEffect(() => {
    if (!ready) return;
    const element = control.current;
    element?.removeAttribute('data-keep-click');
    const kept = takeKeptClick(key);
    if (!kept) return;
    element?.removeAttribute('aria-busy');
    if (kept.pressed !== null && element && element.getAttribute('aria-pressed') !== kept.pressed) return;
    carryOut();
    // Once, when the control becomes ready: later clicks go through its own handler.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, key]);
  return { 'data-keep-click': key };
}
