import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { AppNavbar } from './AppNavbar';

export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppNavbar />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, '&:focus': { outline: 'none' } }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
