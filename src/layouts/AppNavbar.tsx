import { useAppDispatch, useAppSelector } from '../app/hooks';
import { Navbar } from '../components/Navbar';
import { paths } from '../config/paths';
import { selectAuthStatus, signOutRequested } from '../features/auth/authSlice';
import { SearchBox } from '../features/search/SearchBox';

// One element for every render: the bar's re-renders (the session becoming known) leave it be.
const searchBox = <SearchBox />;

/** The shared top bar with this app's session and search box. */
export function AppNavbar() {
  const status = useAppSelector(selectAuthStatus);
  const dispatch = useAppDispatch();
  return (
    <Navbar
      session={status}
      onSignOut={() => dispatch(signOutRequested({ redirectTo: paths.home }))}
      search={searchBox}
    />
  );
}
