import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import { lazy, memo, Suspense, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
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
  /** What the layout shows signed-in users beside Sign Out (the notifications bell). */
  signedInExtras?: ReactNode;
}

/*
 * Widths are decided in CSS, never by reading the window while rendering: the prerendered
 * HTML and the first render in the browser must match. The wide layout is the base style, the
 * narrow one a max-width rule, so the links are there whatever the CSS engine.
 */
const wideOnly = (theme: Theme) => ({ [theme.breakpoints.down('md')]: { display: 'none' } });
const narrowOnly = (theme: Theme) => ({ display: 'none', [theme.breakpoints.down('md')]: { display: 'inline-flex' } });
// Log In, Sign Out and the room kept for either while the session is not known: one width, and
// one class, so that learning the session restyles nothing (an attribute hides the room kept).
const sessionButton = { flexShrink: 0, minWidth: '6.5rem', '&[data-session-unknown]': { visibility: 'hidden' } };
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

/*
 * The bar renders again when the session becomes known (right after the page is live); the parts
 * that do not depend on it are memoised, so that render stays small.
 */
const Brand = memo(function Brand() {
  return (
    <Box component={RouterLink} to={paths.home} sx={{ color: 'inherit', textDecoration: 'none', mr: 'auto', minWidth: 0 }}>
      <Logo />
    </Box>
  );
});

const LinkButtons = memo(function LinkButtons({ links }: { links: NavLinkItem[] }) {
  return links.map((link) => (
    <Button key={link.to} color="inherit" component={RouterLink} to={link.to} sx={wideOnly}>
      {link.label}
    </Button>
  ));
});

interface MenuButtonProps {
  open: boolean;
  menuId: string;
  onOpen(): void;
}

const MenuButton = memo(function MenuButton({ open, menuId, onOpen }: MenuButtonProps) {
  return (
    <IconButton
      color="inherit"
      edge="end"
      aria-label={copy.nav.menu}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      onClick={onOpen}
      sx={narrowOnly}
    >
      <MenuIcon />
    </IconButton>
  );
});

/**
 * The top bar, always one row. Wide screens show every link; narrower ones keep Log In or Sign
 * Out and a menu button that opens the other links (and, on phones, the search box) in a drawer. Shared UI: it knows no feature;
 * the layout hands it the session and the search box.
 */
export function Navbar({ session: status, onSignOut, search, signedInExtras }: NavbarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const links = useMemo(() => navLinks(status), [status]);
  const { pathname, search: query } = useLocation();
  // Wherever the menu led (a link, a search), it has done its job.
  useEffect(() => setMenuOpen(false), [pathname, query]);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  return (
    <AppBar position="sticky" color="primary" sx={onDarkSurface}>
      <Toolbar component="nav" aria-label="main" sx={{ gap: 1, flexWrap: 'nowrap', minWidth: 0 }}>
        <Brand />
        {search && <Box sx={searchInBar}>{search}</Box>}
        <LinkButtons links={links} />
        {status === 'signed-in' && signedInExtras}
        {/* Log In or Sign Out stays in the bar at every width: the one thing always at hand. */}
        {status === 'signed-in' ? (
          <Button color="inherit" variant="outlined" onClick={onSignOut} sx={sessionButton}>
            {copy.nav.signOut}
          </Button>
        ) : (
          // While the session is not known, Log In keeps its room, hidden, so nothing in the bar
          // moves (under a pointer about to click) when it shows.
          <Button
            color="inherit"
            variant="outlined"
            component={RouterLink}
            to={paths.login}
            sx={sessionButton}
            data-session-unknown={status === 'loading' ? '' : undefined}
          >
            {copy.nav.login}
          </Button>
        )}
        <MenuButton open={menuOpen} menuId={menuId} onOpen={openMenu} />
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
