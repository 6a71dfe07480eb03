import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { AppNavbar } from './AppNavbar';

/*
 * The navbar, the page and the footer are each a Suspense boundary of their own (none ever shows
 * its fallback: nothing in them suspends but a lazy page, which has its own). A prerendered page
 * is hydrated boundary by boundary, in separate tasks, instead of in one long one.
 */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Suspense fallback={null}>
        <AppNavbar />
      </Suspense>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, '&:focus': { outline: 'none' } }}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </Box>
  );
}
