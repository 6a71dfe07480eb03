import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { Category } from '../../types/entities';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { LoadFailed } from '../../components/LoadFailed';

const gridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
  gap: 3,
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

const imageSx = { width: '100%', height: 'auto', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' } as const;

const SKELETONS = [1, 2, 3, 4];

/** Cards of the first row can be in view at once: their pictures are not held back. */
const EAGER_CARDS = 2;

function CategoryCard({ category, eager }: { category: Category; eager: boolean }) {
  return (
    <Card component="li" variant="outlined">
      <CardActionArea component={RouterLink} to={paths.categoryBooks(category.category)}>
        {/* The name below labels the link; the picture adds nothing for a screen reader. */}
        <Box
          component="img"
          src={category.img}
          alt=""
          width={640}
          height={360}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          sx={imageSx}
        />
        <Typography component="h3" variant="h6" sx={{ p: 2 }}>
          {category.name}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** The category cards; skeletons while they load, what failed and Retry when they could not. */
export function CategoryGrid() {
  const { data: categories = [], isLoading, isError, isFetching, error, refetch } = useGetCategoriesQuery();

  // A retry shows the skeletons again: the cards are on their way, not missing.
  if (isLoading || (isError && isFetching)) {
    return (
      <Box aria-busy="true" sx={gridSx}>
        <Box component="span" sx={visuallyHidden}>
          {copy.loading}
        </Box>
        {SKELETONS.map((n) => (
          <Box key={n}>
            <Skeleton variant="rectangular" sx={{ ...imageSx, height: 'auto' }} />
            <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem', mx: 2, my: 1 }} />
          </Box>
        ))}
      </Box>
    );
  }

  if (isError) {
    return <LoadFailed what={copy.home.categoriesFailed} error={error} onRetry={() => void refetch()} />;
  }

  if (categories.length === 0) {
    return <Typography color="text.secondary">{copy.home.noCategories}</Typography>;
  }

  return (
    <Box component="ul" sx={gridSx}>
      {categories.map((category, index) => (
        <CategoryCard key={category._id} category={category} eager={index < EAGER_CARDS} />
      ))}
    </Box>
  );
}
