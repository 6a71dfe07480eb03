import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../config/copy';
import { paths } from '../config/paths';
import { Logo } from './Logo';

interface NavbarProps {
  /** Whether someone is signed in; while it is not known yet, neither Log In nor Sign Out shows. */
  session: 'loading' | 'signed-in' | 'signed-out';
  onSignOut(): void;
  /** The search box the layout puts in the bar. */
  search?: ReactNode;
}

/** The top bar. Shared UI: it knows no feature; the layout hands it the session and the search box. */
export function Navbar({ session: status, onSignOut, search }: NavbarProps) {
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
            <Button color="inherit" variant="outlined" onClick={onSignOut}>
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
