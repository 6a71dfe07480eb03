import { act } from '@testing-library/react';
import axe from 'axe-core';

/** What the accessibility sweep (e2e/a11y.spec.ts) checks against: WCAG 2.2 AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's findings on the page as jsdom holds it (dialogs in their portals included), one line
 * per rule broken. jsdom lays nothing out, so colours and sizes are left to the browser sweep.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  let results: axe.AxeResults | undefined;
  // Transitions and ripples that finish meanwhile update the screen: inside act, as a test's other steps.
  await act(async () => {
    results = await axe.run(root, {
      runOnly: { type: 'tag', values: WCAG_TAGS },
      rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
    });
  });
  if (!results) throw new Error('axe did not run');
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

const PX = /\((max|min)-width:\s*([\d.]+)px\)/g;

/** Whether a media query holds at a window `width` px wide (only widths are read; anything else does not hold). */
function matchesAt(query: string, width: number): boolean {
  const widths = [...query.matchAll(PX)];
  if (widths.length === 0) return false;
  return widths.every(([, bound, px]) => (bound === 'max' ? width <= Number(px) : width >= Number(px)));
}

/**
 * A window `width` px wide, as MUI's media queries read it (jsdom has no matchMedia): call in a
 * test or a `beforeEach`; `restore` puts the window back as it was.
 */
export function setViewportWidth(width: number): { restore(): void } {
  const previous = { innerWidth: window.innerWidth, matchMedia: window.matchMedia };
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: matchesAt(query, width),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
  return {
    restore() {
      Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: previous.innerWidth });
      Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: previous.matchMedia });
    },
  };
}
