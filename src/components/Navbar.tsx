import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { copy } from '../config/copy';
import { paths } from '../config/paths';
import { onDarkSurface } from '../theme/focusRing';
import { Logo } from './Logo';

// The drawer (and the modal machinery under it) is fetched when the menu is first opened: the
// home page's first paint does without it.
const NavMenuDrawer = lazy(() => import(/* webpackChunkName: "nav-menu" */ './NavMenuDrawer').then((m) => ({ default: m.NavMenuDrawer })));

interface NavbarProps {
  /** Whether someone is signed in; while it is not known yet, neither Log In nor Sign Out shows. */
  session: 'loading' | 'signed-in' | 'signed-out';
  onSignOut(): void;
  /** The search box the layout puts in the bar. */
  search?: ReactNode;
}

/*
 * Widths are decided in CSS, never by reading the window while rendering: the prerendered
 * HTML and the first render in the browser must match. The wide layout is the base style, the
 * narrow one a max-width rule, so the links are there whatever the CSS engine.
 */
const wideOnly = (theme: Theme) => ({ [theme.breakpoints.down('md')]: { display: 'none' } });
const narrowOnly = (theme: Theme) => ({ display: 'none', [theme.breakpoints.down('md')]: { display: 'inline-flex' } });
// From 600 px the search box has room in the bar; below, it moves into the menu.
const searchInBar = (theme: Theme) => ({ display: 'contents', [theme.breakpoints.down('sm')]: { display: 'none' } });

export interface NavLinkItem {
  label: string;
  to: string;
}

/** The links of the bar, in order, for who is (or is not) signed in. */
export function navLinks(session: NavbarProps['session']): NavLinkItem[] {
  return [
    { label: copy.nav.home, to: paths.home },
    { label: copy.nav.blog, to: paths.blog },
    ...(session === 'signed-in' ? [{ label: copy.nav.dashboard, to: paths.dashboard }] : []),
  ];
}

/**
 * The top bar, always one row. Wide screens show every link; narrower ones keep Log In or Sign
 * Out and a menu button that opens the other links (and, on phones, the search box) in a drawer. Shared UI: it knows no feature;
 * the layout hands it the session and the search box.
 */
export function Navbar({ session: status, onSignOut, search }: NavbarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const links = navLinks(status);
  const { pathname, search: query } = useLocation();
  // Wherever the menu led (a link, a search), it has done its job.
  useEffect(() => setMenuOpen(false), [pathname, query]);
  return (
    <AppBar position="sticky" color="primary" sx={onDarkSurface}>
      <Toolbar component="nav" aria-label="main" sx={{ gap: 1, flexWrap: 'nowrap', minWidth: 0 }}>
        <Box component={RouterLink} to={paths.home} sx={{ color: 'inherit', textDecoration: 'none', mr: 'auto', minWidth: 0 }}>
          <Logo />
        </Box>
        {search && <Box sx={searchInBar}>{search}</Box>}
        {links.map((link) => (
          <Button key={link.to} color="inherit" component={RouterLink} to={link.to} sx={wideOnly}>
            {link.label}
          </Button>
        ))}
        {/* Log In or Sign Out stays in the bar at every width: the one thing always at hand. */}
        {status === 'signed-in' && (
          <Button color="inherit" variant="outlined" onClick={onSignOut} sx={{ flexShrink: 0 }}>
            {copy.nav.signOut}
          </Button>
        )}
        {status === 'signed-out' && (
          <Button color="inherit" variant="outlined" component={RouterLink} to={paths.login} sx={{ flexShrink: 0 }}>
            {copy.nav.login}
          </Button>
        )}
        <IconButton
          color="inherit"
          edge="end"
          aria-label={copy.nav.menu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={() => setMenuOpen(true)}
          sx={narrowOnly}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {menuOpen && (
        <Suspense fallback={null}>
          <NavMenuDrawer
            id={menuId}
            links={links}
            search={search}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
