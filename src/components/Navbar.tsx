import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { copy } from '../config/copy';
import { paths } from '../config/paths';
import { selectAuthStatus, signOutRequested } from '../features/auth/authSlice';
import { Logo } from './Logo';

/** `search` is the search box the layout puts in the bar (this shared bar knows no feature's parts). */
export function Navbar({ search }: { search?: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar component="nav" aria-label="main" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Box component={RouterLink} to={paths.home} sx={{ color: 'inherit', textDecoration: 'none', mr: 'auto' }}>
          <Logo />
        </Box>
        {search}
        <Button color="inherit" component={RouterLink} to={paths.home}>
          {copy.nav.home}
        </Button>
        <Button color="inherit" component={RouterLink} to={paths.blog}>
          {copy.nav.blog}
        </Button>
        {status === 'signed-in' && (
          <>
            <Button color="inherit" component={RouterLink} to={paths.dashboard}>
              {copy.nav.dashboard}
            </Button>
            <Button color="inherit" variant="outlined" onClick={() => dispatch(signOutRequested({ redirectTo: paths.home }))}>
              {copy.nav.signOut}
            </Button>
          </>
        )}
        {status === 'signed-out' && (
          <Button color="inherit" variant="outlined" component={RouterLink} to={paths.login}>
            {copy.nav.login}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
