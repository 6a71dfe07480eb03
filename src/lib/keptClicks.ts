import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

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

/** Notes a click on `element` as the page's script does, when it is not there to (the control was ready once and is not now). */
function keep(key: string, element: HTMLElement | null): void {
  const kept = (window.__keptClicks ??= []);
  if (kept.some((click) => click.key === key)) return;
  kept.push({ key, pressed: element?.getAttribute('aria-pressed') ?? null });
  element?.setAttribute('aria-busy', 'true');
}

/**
 * Keeps the clicks on a control of a server-rendered page until `ready`, then carries out the one
 * made before, if any. A toggle that by then already shows what the click asked for (a heart the
 * buyer's favourites show pressed) is left as it is. Put `mark` on the control, always, and
 * `onClick` as its handler: once ready, the mark is taken off the element itself, so the control
 * need not render again for it (a page of result cards re-renders none of its hearts when the
 * session becomes known); a click while it is not ready again (the session changing) is kept the
 * same way and carried out when it is.
 */
export function useKeptClick(
  key: string,
  ready: boolean,
  control: RefObject<HTMLElement | null>,
  carryOut: () => void,
): { mark: { 'data-keep-click': string }; onClick: () => void } {
  const latest = useRef({ ready, carryOut });
  useLayoutEffect(() => {
    latest.current = { ready, carryOut };
  });
  useEffect(() => {
    if (!ready) return;
    const element = control.current;
    element?.removeAttribute('data-keep-click');
    const kept = takeKeptClick(key);
    if (!kept) return;
    element?.removeAttribute('aria-busy');
    if (kept.pressed !== null && element && element.getAttribute('aria-pressed') !== kept.pressed) return;
    latest.current.carryOut();
  }, [ready, key, control]);
  // A control gone before it was ready takes its kept click with it: the next one of the same key
  // (the same book on another page) was not clicked.
  useEffect(() => {
    const element = control.current;
    return () => {
      // Still in the page: not gone, only run again (React's strict mode).
      if (!latest.current.ready && !element?.isConnected) takeKeptClick(key);
    };
  }, [key, control]);
  const onClick = useCallback(() => {
    if (latest.current.ready) latest.current.carryOut();
    else keep(key, control.current);
  }, [key, control]);
  return { mark: { 'data-keep-click': key }, onClick };
}
