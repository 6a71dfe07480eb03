import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { copy } from '../../config/copy';
import { visuallyHidden } from '../../lib/visuallyHidden';

export const categoryGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
  gap: 3,
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

export const categoryImageSx = { width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' } as const;

const SKELETONS = [1, 2, 3, 4];

/** The category cards' room while they load: the same grid, a skeleton per card. */
export function CategoryCardsSkeleton() {
  return (
    <Box aria-busy="true" sx={categoryGridSx}>
      <Box component="span" sx={visuallyHidden}>
        {copy.loading}
      </Box>
      {SKELETONS.map((n) => (
        <Box key={n}>
          <Skeleton variant="rectangular" sx={{ ...categoryImageSx, height: 'auto' }} />
          <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem', mx: 2, my: 1 }} />
        </Box>
      ))}
    </Box>
  );
}
