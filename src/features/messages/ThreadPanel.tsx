import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { failureKind } from '../../api/errorMessages';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { messagesCopy } from './copy';
import { useGetThreadQuery } from './messagesApi';
import { ThreadView } from './ThreadView';

/**
 * An order's messages, as a section of its page (the order's thread has the booking's id). Nothing
 * for whoever is not a side of it (an admin of an order nobody reported a message of).
 */
export function ThreadPanel({ threadId }: { threadId: string }) {
  const thread = useGetThreadQuery(threadId);
  if (thread.isError && ['notFound', 'refused', 'invalid'].includes(failureKind(thread.error))) return null;
  if (!thread.data && !thread.isError) return null;
  return (
    <Paper component="section" aria-labelledby="order-messages" sx={{ p: 2 }}>
      <Typography id="order-messages" variant="h6" component="h2" gutterBottom>
        {copy.chat.title}
      </Typography>
      {thread.data ? (
        <ThreadView key={thread.data._id} thread={thread.data} />
      ) : (
        <LoadFailed what={messagesCopy.threadFailed} error={thread.error} retrying={thread.isFetching} onRetry={() => void thread.refetch()} />
      )}
    </Paper>
  );
}
