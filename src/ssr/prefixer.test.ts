/**
 * @jest-environment node
 */
import createCache from '@emotion/cache';
import { css as serialize, type CSSObject } from '@emotion/react';
import { prefixer } from './prefixer';

// The CSS a server-side cache with the prefixer writes for one style object.
function cssOf(styles: CSSObject): string {
  const cache = createCache({ key: 'css', stylisPlugins: [prefixer] });
  const serialized = serialize(styles);
  const css = cache.insert(`.${cache.key}-${serialized.name}`, serialized, cache.sheet, true);
  if (typeof css !== 'string') throw new Error('expected the server build of @emotion/cache');
  return css;
}

it('writes no prefix that the targeted browsers read unprefixed', () => {
  const css = cssOf({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexShrink: 0,
    transform: 'scale(1)',
    transition: 'transform 200ms',
    position: 'sticky',
    textDecoration: 'none',
    '&::placeholder': { opacity: 0.4 },
    '@keyframes spin': { from: { opacity: 0 }, to: { opacity: 1 } },
  });
  expect(css).not.toMatch(/-(webkit|moz|ms)-/);
  expect(css).toContain('display:flex;');
  expect(css).toContain('align-items:center;');
  expect(css).toContain('position:sticky;');
  expect(css).toContain('::placeholder{opacity:0.4;}');
  expect(css).toContain('@keyframes spin');
});

it('keeps the prefixes Safari still needs, before the unprefixed declaration', () => {
  const css = cssOf({
    userSelect: 'none',
    WebkitTapHighlightColor: 'transparent',
    appearance: 'none',
    textSizeAdjust: '100%',
    hyphens: 'auto',
    maskImage: 'url(a.svg)',
    backgroundClip: 'text',
    textDecoration: 'underline dotted',
    colorAdjust: 'exact',
  });
  expect(css).toContain('-webkit-user-select:none;user-select:none;');
  expect(css).not.toMatch(/-(moz|ms)-user-select/);
  expect(css).toContain('-webkit-tap-highlight-color:transparent;');
  expect(css).toContain('-webkit-appearance:none;appearance:none;');
  expect(css).toContain('-webkit-text-size-adjust:100%;text-size-adjust:100%;');
  expect(css).toContain('-webkit-hyphens:auto;hyphens:auto;');
  expect(css).toContain('-webkit-mask-image:url(a.svg);mask-image:url(a.svg);');
  expect(css).toContain('-webkit-background-clip:text;background-clip:text;');
  expect(css).toContain('-webkit-text-decoration:underline dotted;text-decoration:underline dotted;');
  expect(css).toContain('-webkit-print-color-adjust:exact;color-adjust:exact;');
});

it('writes the prefixed sizing keywords, and leaves fit-content() alone', () => {
  expect(cssOf({ width: 'stretch' })).toContain('width:-webkit-fill-available;width:-moz-available;width:stretch;');
  expect(cssOf({ maxWidth: 'fit-content' })).toContain('max-width:-moz-fit-content;max-width:fit-content;');
  expect(cssOf({ width: 'fit-content(20em)' })).toContain('{width:fit-content(20em);}');
  expect(cssOf({ gridTemplateColumns: 'max-content 1fr' })).toContain('{grid-template-columns:max-content 1fr;}');
});
