/**
 * A control of a server-rendered page that holds a click made before the app was live
 * (src/lib/keptClicks.ts) shows that it is waiting, in the page's first CSS, before any script.
 */
export const keptClickStyles = {
  '[data-keep-click][aria-busy="true"]': { opacity: 0.6, cursor: 'progress' },
} as const;
