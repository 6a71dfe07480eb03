/** Widths the image host serves narrower copies of (`?w=`), as the API's image routes list them. */
const WIDTHS = [320, 640, 960];
const HOSTED_RASTER = /\/image-host\/i\/[A-Za-z0-9_-]+\.(webp|png|jpg|gif)$/;

/**
 * A `srcset` for an image on our own image host, so a phone downloads the copy it shows;
 * undefined for anything else (an SVG scales by itself; another host serves one size).
 */
export function hostedSrcSet(src: string): string | undefined {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  if (url.search || !HOSTED_RASTER.test(url.pathname)) return undefined;
  return WIDTHS.map((width) => `${src}?w=${width} ${width}w`).join(', ');
}
