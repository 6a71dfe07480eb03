import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { rowsOf } from '../../api/paging';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { TableMore } from '../../components/TableMore';
import { copy } from '../../config/copy';
import { notificationsCopy } from './copy';
import { paths } from '../../config/paths';
import { formatMoment } from '../../lib/orders';
import { visuallyHidden } from '../../lib/visuallyHidden';
import type { AppNotification } from '../../types/entities';
import { notificationPath, notificationText } from './notificationSentence';
import { useGetNotificationsInfiniteQuery, useMarkAllReadMutation, useMarkReadMutation } from './notificationsApi';

interface ItemProps {
  notification: AppNotification;
  /** Opening an entry reads it and goes to its order. */
  onOpen(): void;
  /** Reads it without leaving the list. */
  onMarkRead(): void;
}

function NotificationItem({ notification, onOpen, onMarkRead }: ItemProps) {
  const text = notificationText(notification);
  const entry = useRef<HTMLAnchorElement>(null);
  // The button leaves once the entry reads as read: the keyboard's place moves to the entry, not to the page's start.
  const focusEntryWhenRead = useRef(false);
  useEffect(() => {
    if (!notification.read || !focusEntryWhenRead.current) return;
    focusEntryWhenRead.current = false;
    if (document.activeElement === null || document.activeElement === document.body) entry.current?.focus();
  }, [notification.read]);
  return (
    <ListItem disablePadding divider sx={{ bgcolor: notification.read ? undefined : 'action.hover' }}>
      <ListItemButton ref={entry} component={RouterLink} to={notificationPath(notification)} onClick={onOpen} sx={{ alignItems: 'flex-start' }}>
        <ListItemText
          primary={
            <>
              {!notification.read && <Box component="span" sx={visuallyHidden}>{`${notificationsCopy.unread}: `}</Box>}
              {text}
            </>
          }
          secondary={formatMoment(notification.at)}
          slotProps={{ primary: { sx: { fontWeight: notification.read ? 400 : 600, overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
      {!notification.read && (
        <Button
          size="small"
          aria-label={notificationsCopy.markReadLabel(text)}
          onClick={() => {
            focusEntryWhenRead.current = true;
            onMarkRead();
          }}
          sx={{ flexShrink: 0, mx: 1 }}
        >
          {notificationsCopy.markRead}
        </Button>
      )}
    </ListItem>
  );
}

/**
 * The signed-in user's notifications, newest first; opening one reads it and goes to its order (a
 * payout's: the earnings). An unread one may also be marked read where it is.
 */
export function Component() {
  const list = useGetNotificationsInfiniteQuery();
  const pages = list.data?.pages ?? [];
  const notifications = rowsOf(pages);
  const unread = pages[0]?.unread ?? notifications.filter((n) => !n.read).length;
  const [markRead] = useMarkReadMutation();
  const [markAllRead, markingAll] = useMarkAllReadMutation();
  const failed = list.isError && !list.isFetchNextPageError;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h2" component="h1" gutterBottom>
          {notificationsCopy.title}
        </Typography>
        <Button component={RouterLink} to={paths.notificationSettings}>
          {notificationsCopy.settings}
        </Button>
      </Stack>
      {list.isFetching && !list.isFetchingNextPage && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed && notifications.length === 0 ? (
        <LoadFailed what={notificationsCopy.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : notifications.length === 0 ? (
        // While the first page loads, the progress bar says so.
        !list.isLoading && <EmptyState message={notificationsCopy.empty} action={{ label: copy.orders.title, to: paths.dashboard }} />
      ) : (
        <>
          <Button
            variant="outlined"
            sx={{ mb: 1 }}
            aria-disabled={unread === 0 || markingAll.isLoading}
            onClick={() => {
              if (unread > 0 && !markingAll.isLoading) void markAllRead();
            }}
          >
            {notificationsCopy.markAllRead}
          </Button>
          <List aria-label={notificationsCopy.title}>
            {notifications.map((notification) => (
              <NotificationItem
                key={notification._id}
                notification={notification}
                onOpen={() => {
                  if (!notification.read) void markRead(notification._id);
                }}
                onMarkRead={() => void markRead(notification._id)}
              />
            ))}
          </List>
        </>
      )}
      <TableMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </Box>
  );
}
