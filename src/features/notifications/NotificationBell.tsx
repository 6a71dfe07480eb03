import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { useGetUnreadCountQuery } from './notificationsApi';

/** The badge's ceiling: past it, the badge shows "99+". */
const MAX_SHOWN = 99;

/** The count as the badge shows it: '' for none, "99+" past the ceiling. */
export function shownCount(unread: number): string {
  if (unread <= 0) return '';
  return unread > MAX_SHOWN ? `${MAX_SHOWN}+` : String(unread);
}

/**
 * The navbar's bell (signed in only): how many notifications are unread, in its badge and in its
 * name, leading to the list. The live stream keeps the count current (its events invalidate it).
 * `alsoUnread` counts in what else is unread (messages), as src/app composes it.
 *
 * The name says what the badge shows, "99+" included (WCAG 2.5.3, Label in Name), and with
 * nothing unread there is no badge at all: MUI keeps a hidden badge's last number in the page to
 * fade it out, text a checker would read as shown but missing from the name.
 */
export function NotificationBell({ alsoUnread = 0 }: { alsoUnread?: number }) {
  const { data: notifications = 0 } = useGetUnreadCountQuery();
  const shown = shownCount(notifications + alsoUnread);
  return (
    <IconButton color="inherit" component={RouterLink} to={paths.notifications} aria-label={copy.notifications.bell(shown)}>
      {shown === '' ? (
        <NotificationsIcon />
      ) : (
        <Badge badgeContent={shown} color="error">
          <NotificationsIcon />
        </Badge>
      )}
    </IconButton>
  );
}

export default NotificationBell;
