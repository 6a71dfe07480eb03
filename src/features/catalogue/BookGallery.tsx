import Box from '@mui/material/Box';
import { useState } from 'react';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { copy } from '../../config/copy';

const thumbSx = {
  display: 'block',
  p: 0,
  border: 2,
  borderRadius: 1,
  lineHeight: 0,
  bgcolor: 'grey.100',
  cursor: 'pointer',
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/**
 * The book's photos, the cover first: one large, and a row of thumbnails (buttons) that choose
 * which. The large one keeps its frame whichever is shown, so nothing below it moves.
 */
export function BookGallery({ name, photos }: { name: string; photos: readonly string[] }) {
  const [shown, setShown] = useState(0);
  const total = photos.length;
  const alt = (index: number) => (index === 0 ? copy.bookPage.cover(name) : copy.bookPage.photo(name, index + 1, total));
  const src = photos[shown] ?? photos[0];
  return (
    <Box sx={{ width: '100%', maxWidth: 320, mx: 'auto' }}>
      <ResponsiveImage
        src={src}
        alt={alt(shown)}
        sizes="(min-width: 900px) 320px, 100vw"
        width={320}
        height={427}
        // The cover is what the page paints first.
        fetchPriority={shown === 0 ? 'high' : undefined}
        decoding="async"
        sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 4', objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 1 }}
      />
      {total > 1 && (
        <Box component="ul" aria-label={copy.bookPage.photos} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {photos.map((photo, index) => (
            <li key={`${index}:${photo}`}>
              <Box
                component="button"
                type="button"
                aria-label={alt(index)}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                sx={{ ...thumbSx, borderColor: index === shown ? 'primary.main' : 'transparent' }}
              >
                <ResponsiveImage
                  src={photo}
                  alt=""
                  sizes="56px"
                  width={56}
                  height={75}
                  loading="lazy"
                  decoding="async"
                  sx={{ width: 56, height: 75, objectFit: 'cover', borderRadius: 0.5 }}
                />
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
