import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { AppNavbar } from './AppNavbar';

export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppNavbar />
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
