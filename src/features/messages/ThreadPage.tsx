import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { failureKind } from '../../api/errorMessages';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { messagesCopy } from './copy';
import { paths } from '../../config/paths';
import type { Thread } from './types';
import { useGetThreadQuery } from './messagesApi';
import { otherPartyOf } from './threadParties';
import { ThreadView } from './ThreadView';

/** Where the thread's subject is: its order, or the book asked about. */
function SubjectLink({ thread }: { thread: Thread }) {
  if (thread.kind === 'order' && thread.bookingId) {
    return (
      <Button component={RouterLink} to={paths.order(thread.bookingId)}>
        {messagesCopy.toOrder}
      </Button>
    );
  }
  if (thread.bookId) {
    return (
      <Button component={RouterLink} to={paths.book(thread.bookId)}>
        {messagesCopy.toBook}
      </Button>
    );
  }
  return null;
}

/** `/dashboard/messages/:id`: one thread (a question about a book, or an order's), on its own page. */
export function Component() {
  const { id = '' } = useParams();
  const thread = useGetThreadQuery(id);

  if (thread.data) {
    const other = otherPartyOf(thread.data);
    return (
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        <Box>
          <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {messagesCopy.about(thread.data.bookName)}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            {thread.data.role !== 'admin' && <Typography color="text.secondary">{messagesCopy.with(other.name)}</Typography>}
            <SubjectLink thread={thread.data} />
          </Stack>
        </Box>
        {/* Another thread is another view: nothing said or written in one carries to the next. */}
        <ThreadView key={thread.data._id} thread={thread.data} />
      </Stack>
    );
  }
  if (thread.isError) {
    const gone = ['notFound', 'refused', 'invalid'].includes(failureKind(thread.error));
    return (
      <Box sx={{ maxWidth: 760 }}>
        <Typography variant="h2" component="h1" gutterBottom>
          {gone ? messagesCopy.gone : copy.chat.title}
        </Typography>
        {gone ? (
          <Button variant="contained" component={RouterLink} to={paths.messages}>
            {copy.chat.title}
          </Button>
        ) : (
          <LoadFailed what={messagesCopy.threadFailed} error={thread.error} retrying={thread.isFetching} onRetry={() => void thread.refetch()} />
        )}
      </Box>
    );
  }
  return <PageProgress />;
}
