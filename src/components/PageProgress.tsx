import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { copy } from '../config/copy';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * The progress bar shown while the user, the roles or a page's data load. Drawn here rather
 * than with MUI's LinearProgress: it is on the home page's first paint, where every KB counts.
 */
export function PageProgress() {
  return (
    <Box
      role="progressbar"
      aria-label={copy.loading}
      aria-busy="true"
      sx={{ position: 'relative', overflow: 'hidden', width: '100%', height: 4, bgcolor: 'primary.light', opacity: 0.9 }}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}

/** Set on a layout's page area to change the room `PageLoading` keeps there (`0px`: none). */
export const PAGE_LOADING_ROOM = '--page-loading-room';

/**
 * A whole page that is not there yet (its code, the user or its data on the way): the progress
 * bar over the room the navbar leaves on the screen, so what follows the page (the footer) stays
 * just below the fold until the page takes its place, instead of rising into view and dropping
 * back out. A layout with nothing below its pages sets `PAGE_LOADING_ROOM` to `0px`.
 */
export function PageLoading() {
  return (
    // The navbar is MUI's Toolbar: 56 px high on phones, 64 px from the `sm` breakpoint.
    <Box
      sx={{
        minHeight: {
          xs: `var(${PAGE_LOADING_ROOM}, calc(100vh - 56px))`,
          sm: `var(${PAGE_LOADING_ROOM}, calc(100vh - 64px))`,
        },
      }}
    >
      <PageProgress />
    </Box>
  );
}
