import type { StylisPlugin } from '@emotion/cache';

/*
 * The vendor prefixes the prerendered pages' CSS carries. Emotion's default prefixer writes those of
 * browsers from before 2017 too: `-ms-flexbox`, `-webkit-box-align`, `-moz-transform`,
 * `@-webkit-keyframes`, three copies of every `::placeholder` rule. Browsers the build targets
 * (ES2020: Safari 14, Chrome 80, Firefox 78 and later) read the unprefixed forms of all of those, so
 * they only make the HTML longer to send and parse (9 KB of `/login`'s 46 KB). This one writes the
 * prefixes those browsers still need and nothing else. Properties are as stylis hands them over:
 * `element.value` is the whole declaration (`user-select:none;`), `element.props` the property.
 *
 * The browser's own style cache (Emotion's default, in the main script) keeps the default
 * prefixer: the styles it inserts after start-up get the extra prefixes, which change nothing. A
 * cache of our own there would cost the first script bytes it has not got, and would take the
 * prerendered style tags over a second time while the page starts.
 */

const WEBKIT = '-webkit-';

/** Properties Safari (and, for `background-clip: text`, Chrome) still reads only with `-webkit-`. */
const WEBKIT_PREFIXED = new Set([
  'appearance',
  'backface-visibility',
  'background-clip',
  'box-decoration-break',
  'hyphens',
  'mask',
  'mask-clip',
  'mask-composite',
  'mask-image',
  'mask-mode',
  'mask-origin',
  'mask-position',
  'mask-repeat',
  'mask-size',
  'text-size-adjust',
  'user-select',
]);

/** Sizing properties, whose `stretch` and `fit-content` values Safari and Firefox read prefixed. */
const SIZING = new Set(['width', 'min-width', 'max-width', 'height', 'min-height', 'max-height', 'inline-size', 'block-size']);

function prefixed(property: string, declaration: string): string {
  if (WEBKIT_PREFIXED.has(property)) return WEBKIT + declaration + declaration;
  // Safari reads the shorthand's colour and style only in its prefixed form; `none` needs nothing.
  if (property === 'text-decoration') return /:\s*\S+\s+\S/.test(declaration) ? WEBKIT + declaration + declaration : declaration;
  if (property === 'color-adjust' || property === 'print-color-adjust') {
    return `${WEBKIT}print-color-adjust${declaration.slice(property.length)}${declaration}`;
  }
  if (SIZING.has(property)) {
    const value = declaration.slice(property.length + 1).trim();
    if (/^stretch\b/.test(value)) {
      return declaration.replace('stretch', `${WEBKIT}fill-available`) + declaration.replace('stretch', '-moz-available') + declaration;
    }
    if (/^fit-content\b(?!\()/.test(value)) return declaration.replace('fit-content', '-moz-fit-content') + declaration;
  }
  return declaration;
}

/** A stylis plugin for Emotion's `createCache({ stylisPlugins })`. */
export const prefixer: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return || typeof element.props !== 'string') return;
  const declaration = prefixed(element.props, element.value);
  if (declaration !== element.value) element.return = declaration;
};
