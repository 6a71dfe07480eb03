import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { Category } from '../../types/entities';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { LoadFailed } from '../../components/LoadFailed';
import { CategoryCardsSkeleton, categoryGridSx, categoryImageSx } from './CategoryCardsSkeleton';

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
          sx={categoryImageSx}
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
  if (isLoading || (isError && isFetching)) return <CategoryCardsSkeleton />;

  if (isError) {
    return <LoadFailed what={copy.home.categoriesFailed} error={error} onRetry={() => void refetch()} />;
  }

  if (categories.length === 0) {
    return <Typography color="text.secondary">{copy.home.noCategories}</Typography>;
  }

  return (
    <Box component="ul" sx={categoryGridSx}>
      {categories.map((category, index) => (
        <CategoryCard key={category._id} category={category} eager={index < EAGER_CARDS} />
      ))}
    </Box>
  );
}
