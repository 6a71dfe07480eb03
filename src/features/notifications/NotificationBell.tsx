import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { useGetUnreadCountQuery } from './notificationsApi';

/**
 * The navbar's bell (signed in only): how many notifications are unread, in its badge and in its
 * name, leading to the list. The live stream keeps the count current (its events invalidate it).
 * `alsoUnread` counts in what else is unread (messages), as src/app composes it.
 */
export function NotificationBell({ alsoUnread = 0 }: { alsoUnread?: number }) {
  const { data: notifications = 0 } = useGetUnreadCountQuery();
  const unread = notifications + alsoUnread;
  return (
    <IconButton color="inherit" component={RouterLink} to={paths.notifications} aria-label={copy.notifications.bell(unread)}>
      <Badge badgeContent={unread} color="error" max={99}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}

export default NotificationBell;
