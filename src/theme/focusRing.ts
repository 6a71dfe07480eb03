/**
 * One visible focus ring for every control, drawn by the browser's :focus-visible (keyboard
 * focus, not mouse clicks). It is 3 px of the primary colour (6.6:1 on the page, 7:1 on white);
 * dark surfaces (the top bar, the footer, the carousel) set `--focus-ring` to white.
 *
 * The selector outweighs the components' own `outline: 0` (one class), whatever order the
 * styles arrive in. Text fields keep their own focused border instead.
 */
export const FOCUS_RING_VAR = '--focus-ring';

export const onDarkSurface = { [FOCUS_RING_VAR]: '#ffffff' } as const;

const ring = `3px solid var(${FOCUS_RING_VAR}, #3d5a80)`;

export const focusRingStyles = {
  'html body :focus-visible:not(.MuiInputBase-input)': { outline: ring, outlineOffset: 2 },
  // Headings and the main region take the focus only by script (after a navigation, from the
  // skip link): they are not controls, and a ring around a whole page would only distract.
  'html body h1[tabindex="-1"]:focus-visible, html body main[tabindex="-1"]:focus-visible': { outline: 'none' },
  // A heading that takes the focus after a navigation scrolls clear of the sticky top bar.
  'main h1': { scrollMarginTop: 96 },
  // Inside a data grid, and on a card that is one big link (its card clips what overflows), the
  // ring is drawn just inside the edge.
  'html body .MuiDataGrid-root :focus-visible, html body .MuiCardActionArea-root:focus-visible': { outlineOffset: -3 },
} as const;

/**
 * A switch, checkbox or radio takes the focus on its hidden input, where no ring shows: the ring
 * is drawn on the round button around it, which MUI marks `Mui-focusVisible` for keyboard focus.
 * Just inside its edge, since a switch clips what overflows it.
 */
export const focusVisibleRing = { '&.Mui-focusVisible': { outline: ring, outlineOffset: -3 } } as const;
