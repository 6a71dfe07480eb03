import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { bookGridSx } from './BookPages';

/** Enough to fill the first screen at every width: a row of four, two of two, or a phone's screen. */
const CARDS = 4;

/** A book card's shape (see BookCard): the portrait cover, title, price, condition, words, details, button. */
function BookCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ bgcolor: 'grey.100', display: 'flex', justifyContent: 'center', p: 2 }}>
        <Skeleton variant="rectangular" sx={{ width: '100%', maxWidth: 240, height: 'auto', aspectRatio: '3 / 4' }} />
      </Box>
      <CardContent sx={{ flex: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Skeleton variant="text" width="75%" sx={{ fontSize: '1.25rem' }} />
        <Skeleton variant="text" width="40%" sx={{ fontSize: '1.6rem' }} />
        <Skeleton variant="rounded" width={110} height={24} sx={{ borderRadius: 4 }} />
        <Box>
          <Skeleton variant="text" />
          <Skeleton variant="text" width="85%" />
        </Box>
        <Box>
          {[60, 45, 55, 30, 50].map((width) => (
            <Skeleton key={width} variant="text" width={`${width}%`} sx={{ fontSize: '0.875rem' }} />
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Skeleton variant="rounded" width={110} height={36} />
      </CardActions>
    </Card>
  );
}

/** Book cards on their way: placeholders in the list's grid, hidden from screen readers (the progress bar speaks). */
export function BookCardsSkeleton() {
  return (
    <Box aria-hidden="true" sx={bookGridSx}>
      {Array.from({ length: CARDS }, (_, index) => (
        <BookCardSkeleton key={index} />
      ))}
    </Box>
  );
}
