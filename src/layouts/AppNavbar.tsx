import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { Navbar } from '../components/Navbar';
import { paths } from '../config/paths';
import { selectAuthStatus, signOutRequested } from '../features/auth/authSlice';
import { SearchBox } from '../features/search/SearchBox';

// One element for every render: the bar's re-renders (the session becoming known) leave it be.
const searchBox = <SearchBox />;

// The bell is for signed-in users only, and reads the API: it comes in a chunk of its own, off
// the home page's first script. Its room is kept while it arrives, so nothing in the bar moves.
// It counts unread messages too (composed in src/app).
const NotificationBell = lazy(() => import(/* webpackChunkName: "notification-bell" */ '../app/NavbarBell'));
const bell = (
  <Suspense fallback={<Box sx={{ width: 40, height: 40, flexShrink: 0 }} />}>
    <NotificationBell />
  </Suspense>
);

/** The shared top bar with this app's session and search box. */
export function AppNavbar() {
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  return (
    <Navbar
      session={status}
      onSignOut={() => dispatch(signOutRequested({ redirectTo: paths.home }))}
      search={searchBox}
      signedInExtras={bell}
    />
  );
}
