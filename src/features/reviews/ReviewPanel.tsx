import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { reviewsCopy } from './copy';
import { formatDay } from '../../lib/orders';
import type { Order } from '../../types/entities';
import { ReportButton } from '../reports/ReportButton';
import { ReplyForm } from './ReplyForm';
import { ReviewCard } from './ReviewCard';
import { ReviewForm } from './ReviewForm';
import { useGetOrderReviewsQuery } from './reviewsApi';

type ReviewedOrder = Pick<Order, '_id' | 'state' | 'viewer'>;

/**
 * A completed order's reviews, for its buyer and its seller: the form while the window is open
 * and they have not reviewed, their own review (hidden from the other side until both posted or
 * the window closed, which it says), and the other side's once shown, which they may answer once.
 */
export function ReviewPanel({ order }: { order: ReviewedOrder }) {
  const side = order.viewer;
  if (order.state !== 'completed' || side === 'admin') return null;
  return <Panel bookingId={order._id} side={side} />;
}

function Panel({ bookingId, side }: { bookingId: string; side: 'buyer' | 'seller' }) {
  const reviews = useGetOrderReviewsQuery(bookingId);
  // What the reader just posted replaces the form they were in: the focus goes to it.
  const [posted, setPosted] = useState<'review' | 'reply' | null>(null);
  const headingId = 'order-reviews';
  const data = reviews.data;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {reviewsCopy.title}
      </Typography>
      {reviews.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {reviews.isError && !data && (
        <LoadFailed what={reviewsCopy.failed} error={reviews.error} retrying={reviews.isFetching} onRetry={() => void reviews.refetch()} />
      )}
      {data && (
        <Stack spacing={3}>
          {data.mine ? (
            <ReviewCard review={data.mine} heading={reviewsCopy.yours} focusHeading={posted === 'review'}>
              {!data.mine.shown && (
                <Typography role="note" color="text.secondary">
                  {reviewsCopy.hiddenUntil(data.dueAt ? formatDay(data.dueAt) : null)}
                </Typography>
              )}
            </ReviewCard>
          ) : data.open ? (
            <ReviewForm bookingId={bookingId} side={side} onPosted={() => setPosted('review')} />
          ) : (
            <Typography color="text.secondary">{reviewsCopy.closed}</Typography>
          )}
          {data.theirs && (
            <ReviewCard review={data.theirs} heading={reviewsCopy.theirs[side]} focusHeading={posted === 'reply' && data.theirs.reply !== null}>
              {!data.theirs.reply && <ReplyForm review={data.theirs} onReplied={() => setPosted('reply')} />}
              <ReportButton kind="review" id={data.theirs._id} describedBy={`review-${data.theirs._id}`} />
            </ReviewCard>
          )}
        </Stack>
      )}
    </Paper>
  );
}
