import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { Stars } from '../../components/UserScore';
import { reviewsCopy } from './copy';
import type { Review } from './types';

// A seller's page is rendered on the server: the day must read the same there and in the browser.
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "12 Nov 2026": the day a review or a reply was written. */
export const reviewDay = (iso: string): string => dayFormat.format(new Date(iso));

const textSx = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

interface Props {
  review: Review;
  /** What the review is to the reader ("Your review"); without it, its author and day lead. */
  heading?: string;
  headingLevel?: 'h3' | 'h4';
  /** Below the review: a reply form, a Report button. */
  children?: ReactNode;
  /** Takes the focus (its heading) once true: what the reader just posted has replaced the form they were in. */
  focusHeading?: boolean;
}

/**
 * One review: its stars, who wrote it and when, their words as written (never as HTML, links not
 * made clickable) and the reviewed side's reply.
 */
export function ReviewCard({ review, heading, headingLevel = 'h3', children, focusHeading = false }: Props) {
  const titleId = `review-${review._id}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  const byline = reviewsCopy.by(review.author.name, reviewDay(review.at));
  return (
    <Box component="article" aria-labelledby={titleId} sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Typography
        ref={headingRef}
        id={titleId}
        component={headingLevel}
        variant="subtitle1"
        tabIndex={focusHeading ? -1 : undefined}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {heading ?? byline}
      </Typography>
      <Stars value={review.rating} label={reviewsCopy.rated(review.rating)} />
      {heading && (
        <Typography variant="body2" color="text.secondary">
          {byline}
        </Typography>
      )}
      {review.comment && <Typography sx={textSx}>{review.comment}</Typography>}
      {review.reply && (
        <Box sx={{ borderLeft: 3, borderColor: 'divider', pl: 2, mt: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {reviewsCopy.replyOf(review.subject.name)}
          </Typography>
          <Typography variant="body2" sx={textSx}>
            {review.reply.text}
          </Typography>
        </Box>
      )}
      {children}
    </Box>
  );
}
