import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rowsOf } from '../../api/paging';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { messagesCopy } from './copy';
import type { Thread } from './types';
import { BlockButton } from './BlockButton';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { useGetThreadMessagesInfiniteQuery } from './messagesApi';
import { otherPartyOf, readerIdOf } from './threadParties';
import { useThreadOnScreen } from './useThreadOnScreen';

/**
 * A thread's messages, oldest first, and what the reader may do: write (or why they cannot), block
 * or unblock the other side. Shown, it keeps its messages read.
 */
export function ThreadView({ thread }: { thread: Thread }) {
  const list = useGetThreadMessagesInfiniteQuery(thread._id);
  const messages = rowsOf(list.data?.pages).slice().reverse();
  const reader = thread.role !== 'admin';
  useThreadOnScreen(thread._id, reader);

  return (
    <Stack spacing={2}>
      {list.isLoading && <LinearProgress aria-label={copy.loading} />}
      {list.isError && !list.isFetchNextPageError && messages.length === 0 ? (
        <LoadFailed what={messagesCopy.threadFailed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        !list.isLoading && (
          <MessageList
            messages={messages}
            readerId={readerIdOf(thread)}
            hasOlder={list.hasNextPage}
            loadingOlder={list.isFetchingNextPage}
            olderFailed={list.isFetchNextPageError}
            onLoadOlder={() => void list.fetchNextPage()}
          />
        )
      )}
      {thread.canSend ? (
        <Composer threadId={thread._id} />
      ) : (
        <Typography role="note" sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
          {thread.closed ?? messagesCopy.closed}
        </Typography>
      )}
      {reader && <BlockButton other={otherPartyOf(thread)} />}
    </Stack>
  );
}
