import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { rowsOf } from '../../api/paging';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { TableMore } from '../../components/TableMore';
import { copy } from '../../config/copy';
import { messagesCopy } from './copy';
import { paths } from '../../config/paths';
import { formatMoment } from '../../lib/orders';
import type { Thread } from './types';
import { useGetThreadsInfiniteQuery } from './messagesApi';
import { otherPartyOf, readerIdOf } from './threadParties';

/** The thread's last message in a line: "You: …", hidden, or none yet. */
function lastLine(thread: Thread): string {
  const { last } = thread;
  if (!last) return messagesCopy.none;
  const text = last.text === '' ? messagesCopy.hidden : last.text;
  return last.authorId === readerIdOf(thread) ? messagesCopy.said(messagesCopy.you, text) : text;
}

function ThreadItem({ thread }: { thread: Thread }) {
  const unread = thread.unread > 0;
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={RouterLink} to={paths.thread(thread._id)} sx={{ gap: 2, alignItems: 'flex-start' }}>
        {thread.img && <Box component="img" src={thread.img} alt="" sx={{ width: 40, height: 56, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }} />}
        <ListItemText
          primary={
            <>
              {thread.bookName} · {otherPartyOf(thread).name}
            </>
          }
          secondary={
            <>
              <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {lastLine(thread)}
              </Box>
              <time dateTime={thread.updatedAt}>{formatMoment(thread.updatedAt)}</time>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' } } }}
          sx={{ minWidth: 0 }}
        />
        {unread && <Chip size="small" color="primary" label={copy.chat.unread(thread.unread)} />}
      </ListItemButton>
    </ListItem>
  );
}

/** `/dashboard/messages`: the signed-in user's threads, the latest message first. */
export function Component() {
  const list = useGetThreadsInfiniteQuery();
  const threads = rowsOf(list.data?.pages);
  const failed = list.isError && !list.isFetchNextPageError;

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.chat.title}
      </Typography>
      {list.isFetching && !list.isFetchingNextPage && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed && threads.length === 0 ? (
        <LoadFailed what={messagesCopy.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : threads.length === 0 ? (
        !list.isLoading && <EmptyState message={messagesCopy.empty} action={{ label: copy.search.label, to: paths.search }} />
      ) : (
        <List aria-label={copy.chat.title}>
          {threads.map((thread) => (
            <ThreadItem key={thread._id} thread={thread} />
          ))}
        </List>
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
