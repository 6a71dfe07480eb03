import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { copy } from '../../config/copy';
import { CategoryCardsSkeleton } from './CategoryCardsSkeleton';
import { HeroCarousel, type Slide } from './HeroCarousel';
import { LifeHackCard } from './LifeHackCard';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { firstSlideImage } from './firstSlideImage';

// The first slide's picture (1.5 KB) is written into the page, so it paints with the HTML; the
// others are fetched from public/images when their turn comes.
const slides: Slide[] = copy.home.slides.map((slide, index) => ({
  ...slide,
  image: index === 0 ? firstSlideImage : `/images/slide-${index + 1}.svg`,
}));

// The cards read the API's cache, so they come in the chunk that brings the API layer
// (app/prepareApp.ts), which every page preloads. A hydrating page keeps the HTML's cards (or
// skeletons) until it is in.
const CategoryGrid = lazy(() =>
  import(/* webpackChunkName: "app-layer" */ './CategoryGrid').then((module) => ({ default: module.CategoryGrid })),
);

/** The first paint: keep its imports light (no forms, no validation, no data grid). */
export function HomePage() {
  return (
    <Container maxWidth="lg" sx={{ py: 3, display: 'grid', gap: 5 }}>
      <Typography component="h1" sx={visuallyHidden}>
        {copy.brand.name}
      </Typography>
      {/* Each part hydrates in a task of its own (see PublicLayout). */}
      <Suspense fallback={null}>
        <HeroCarousel slides={slides} />
      </Suspense>
      <Box component="section" aria-labelledby="category-heading">
        <Typography id="category-heading" component="h2" variant="h2" sx={{ textAlign: 'center', mb: 3 }}>
          {copy.home.categoryHeading}
        </Typography>
        <Suspense fallback={<CategoryCardsSkeleton />}>
          <CategoryGrid />
        </Suspense>
      </Box>
      <Suspense fallback={null}>
        <LifeHackCard />
      </Suspense>
    </Container>
  );
}
