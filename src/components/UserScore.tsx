import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarHalfIcon from '@mui/icons-material/StarHalf';
import Box from '@mui/material/Box';
import { copy } from '../config/copy';
import type { Score } from '../types/entities';

const STAR_COLOR = 'warning.main';

/**
 * Five stars filled to `value` (to the nearest half), read out as `label`. Drawn from three icons
 * rather than MUI's Rating, which would bring its radio inputs to every page that shows a score.
 */
export function Stars({ value, label, size = 'small' }: { value: number; label: string; size?: 'small' | 'medium' }) {
  const halves = Math.round(value * 2);
  return (
    <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', color: STAR_COLOR, verticalAlign: 'middle' }}>
      {[1, 2, 3, 4, 5].map((star) => {
        const Icon = halves >= star * 2 ? StarIcon : halves === star * 2 - 1 ? StarHalfIcon : StarBorderIcon;
        return <Icon key={star} fontSize={size} aria-hidden />;
      })}
    </Box>
  );
}

/** An average as the score shows it: one decimal ("4.8", "5.0"). */
const oneDecimal = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

interface UserScoreProps {
  /** Older answers carry none: nothing is shown. */
  score?: Score | null;
}

/**
 * What others say of a user in one role: stars, "4.8 (12)" and "96% completed", or "No reviews
 * yet". The same on the server and in the browser (no time, no locale of the reader's).
 */
export function UserScore({ score }: UserScoreProps) {
  if (!score) return null;
  const { average, count, completedShare } = score;
  const completed = completedShare === null ? null : copy.reviews.completed(Math.round(completedShare * 100));
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75 }}>
      {average === null || count === 0 ? (
        <span>{copy.reviews.none}</span>
      ) : (
        <>
          <Stars value={average} label={copy.reviews.scoreLabel(oneDecimal(average), count)} />
          <span aria-hidden>{copy.reviews.score(oneDecimal(average), count)}</span>
        </>
      )}
      {completed && (
        <>
          <span aria-hidden>·</span>
          <span>{completed}</span>
        </>
      )}
      {score.reliable && (
        <Box component="span" sx={{ color: 'success.dark', fontWeight: 600 }}>
          {copy.reviews.reliable}
        </Box>
      )}
    </Box>
  );
}
