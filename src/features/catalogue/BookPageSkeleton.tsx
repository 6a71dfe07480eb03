import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';

/**
 * A book's page while the book loads, under the progress bar: the portrait cover beside the
 * title, author, price, the button and the details. Hidden from screen readers: the bar speaks.
 */
export function BookPageSkeleton() {
  return (
    <Container aria-hidden="true" maxWidth="lg" sx={{ py: 4 }}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start' }}>
        <Skeleton
          variant="rounded"
          sx={{ width: '100%', maxWidth: 320, height: 'auto', aspectRatio: '3 / 4', mx: 'auto' }}
        />
        <Box>
          <Skeleton variant="text" sx={{ typography: 'h2', width: '70%' }} />
          <Skeleton variant="text" sx={{ typography: 'h6', width: '35%', mb: 2 }} />
          <Skeleton variant="text" sx={{ typography: 'h4', width: '6rem', mb: 2 }} />
          <Skeleton variant="rounded" width={130} height={42} />
          <Box sx={{ mt: 3 }}>
            {[55, 40, 50, 35, 45, 30].map((width) => (
              <Skeleton key={width} variant="text" width={`${width}%`} />
            ))}
          </Box>
        </Box>
      </Box>
    </Container>
  );
}
