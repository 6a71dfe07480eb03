import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ComponentPropsWithoutRef } from 'react';
import { hostedSrcSet } from '../lib/images';

export interface ResponsiveImageProps extends Omit<ComponentPropsWithoutRef<'img'>, 'src' | 'srcSet' | 'alt'> {
  src: string;
  /** Required: '' only for an image that adds nothing to the text beside it. */
  alt: string;
  /** How wide the image shows (`sizes`), e.g. `96px` or `(min-width: 900px) 320px, 100vw`. */
  sizes?: string;
  sx?: SxProps<Theme>;
}

/**
 * An image that downloads only the width it shows: an upload on our image host gets a `srcset`
 * of its narrower copies (320, 640 and 960 px wide); any other image (another host, an SVG, a
 * local preview) is its plain `src`.
 */
export function ResponsiveImage({ src, alt, sizes, ...rest }: ResponsiveImageProps) {
  const srcSet = hostedSrcSet(src);
  return <Box component="img" src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt} {...rest} />;
}
