import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { copy } from '../../config/copy';
import { messagesCopy } from './copy';
import { formatMoment } from '../../lib/orders';
import { visuallyHidden } from '../../lib/visuallyHidden';
import type { Message } from './types';
import { ReportButton } from '../reports/ReportButton';

interface Props {
  /** Oldest first. */
  messages: Message[];
  /** The reader's id: their messages say "You"; the other side's may be reported. None for an admin. */
  readerId: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder(): void;
}

const messageTextId = (message: Message) => `message-${message._id}`;

/** A message's words, as written: plain text, its line breaks kept, never markup, never a link. */
function MessageBody({ message }: { message: Message }) {
  if (message.hidden && message.text === '') {
    return <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>{messagesCopy.hidden}</Typography>;
  }
  return (
    <>
      <Typography id={messageTextId(message)} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Typography>
      {/* An admin reads what was hidden, marked so. */}
      {message.hidden && <Typography variant="caption" sx={{ fontStyle: 'italic' }}>{messagesCopy.hidden}</Typography>}
    </>
  );
}

/** Says a message that arrives from the other side while the thread is shown, politely. */
function useArrivalAnnouncement(messages: Message[], readerId: string | null): string {
  const newest = messages.at(-1);
  const seen = useRef(newest?._id);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!newest || newest._id === seen.current) return;
    seen.current = newest._id;
    if (newest.author._id !== readerId) setSaid(messagesCopy.said(newest.author.name, newest.hidden ? messagesCopy.hidden : newest.text));
  }, [newest, readerId]);
  return said;
}

/** A thread's messages, oldest first, 'Older messages' above them while there are more. */
export function MessageList({ messages, readerId, hasOlder, loadingOlder, olderFailed, onLoadOlder }: Props) {
  const said = useArrivalAnnouncement(messages, readerId);
  return (
    <Box>
      {hasOlder && (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 1 }}>
          {olderFailed && !loadingOlder && <Typography color="error">{copy.tableMore.failed}</Typography>}
          <Button
            variant="outlined"
            size="small"
            aria-disabled={loadingOlder}
            aria-busy={loadingOlder}
            startIcon={loadingOlder ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            onClick={() => {
              if (!loadingOlder) onLoadOlder();
            }}
          >
            {loadingOlder ? copy.tableMore.loadingMore : messagesCopy.older}
          </Button>
        </Box>
      )}
      {messages.length === 0 ? (
        <Typography color="text.secondary">{messagesCopy.none}</Typography>
      ) : (
        <Box component="ol" aria-label={copy.chat.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {messages.map((message) => {
            const mine = message.author._id === readerId;
            return (
              <Box
                component="li"
                key={message._id}
                sx={{
                  maxWidth: '85%',
                  justifySelf: mine ? 'end' : 'start',
                  px: 1.5,
                  py: 1,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  bgcolor: mine ? 'action.hover' : 'background.paper',
                }}
              >
                <Typography variant="caption" component="p" color="text.secondary">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {mine ? messagesCopy.you : message.author.name}
                  </Box>
                  {' · '}
                  <time dateTime={message.at}>{formatMoment(message.at)}</time>
                </Typography>
                <MessageBody message={message} />
                {readerId !== null && !mine && !message.hidden && (
                  <ReportButton kind="message" id={message._id} describedBy={messageTextId(message)} />
                )}
              </Box>
            );
          })}
        </Box>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {said}
      </Box>
    </Box>
  );
}
