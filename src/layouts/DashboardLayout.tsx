import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { PAGE_LOADING_ROOM } from '../components/PageProgress';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { copy } from '../config/copy';
import { selectIsAdmin, selectIsSeller } from '../features/roles/roleSlice';
import { selectAuthStatus } from '../features/auth/authSlice';
import { useGetUnreadMessagesQuery } from '../features/messages/messagesApi';
import { AppNavbar } from './AppNavbar';
import { dashboardMenu, DashboardMenuList } from './DashboardMenu';

// The wide layout is the base style and the narrow one a max-width rule (see Navbar).
const wideOnly = (theme: Theme) => ({ [theme.breakpoints.down('md')]: { display: 'none' } });
const narrowOnly = (theme: Theme) => ({ display: 'none', [theme.breakpoints.down('md')]: { display: 'inline-flex' } });

/**
 * The dashboard: the top bar, the side menu and the page. Below 900 px the side menu moves into
 * a drawer opened by a menu button above the page, so the page has the whole width.
 */
export function DashboardLayout() {
  const isAdmin = useAppSelector(selectIsAdmin);
  const isSeller = useAppSelector(selectIsSeller);
  const signedIn = useAppSelector(selectAuthStatus) === 'signed-in';
  const { data: unreadMessages = 0 } = useGetUnreadMessagesQuery(undefined, { skip: !signedIn });
  const items = dashboardMenu(isAdmin, isSeller, signedIn, unreadMessages);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppNavbar />
      <Box sx={{ display: 'flex', flexDirection: 'row', gap: 2, p: { xs: 1.5, sm: 2 }, flex: 1, minWidth: 0 }}>
        <Paper component="nav" aria-label="dashboard" sx={(theme) => ({ width: 240, flexShrink: 0, alignSelf: 'flex-start', ...wideOnly(theme) })}>
          <DashboardMenuList items={items} />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Button
            variant="outlined"
            startIcon={<MenuIcon />}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            onClick={() => setDrawerOpen(true)}
            sx={(theme) => ({ mb: 2, ...narrowOnly(theme) })}
          >
            {copy.menu.open}
          </Button>
          {/* Nothing follows a page here, so a page that is loading keeps no room (no scroll bar). */}
          <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ minWidth: 0, [PAGE_LOADING_ROOM]: '0px', '&:focus': { outline: 'none' } }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        // The page it leads to takes the focus (to its heading); Escape gives it back to the button.
        slotProps={{ paper: { id: drawerId, sx: { width: 260, maxWidth: '85vw' } } }}
      >
        <Box component="nav" aria-label="dashboard">
          <DashboardMenuList items={items} onChoose={() => setDrawerOpen(false)} />
        </Box>
      </Drawer>
    </Box>
  );
}
