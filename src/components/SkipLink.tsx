import Box from '@mui/material/Box';
import { copy } from '../config/copy';

/** The id of the element a skip link jumps to: the page's main region. */
export const MAIN_ID = 'main';

/** The first stop of the Tab key: jumps past the navigation to the main region. Shown when focused. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'common.white',
        color: 'primary.main',
        fontWeight: 700,
        borderRadius: 1,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {copy.nav.skipToContent}
    </Box>
  );
}
