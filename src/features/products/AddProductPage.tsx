import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { productsCopy } from './copy';
import { AddProductForm } from './AddProductForm';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { useGetEarningsQuery } from '../earnings/earningsApi';
import type { Category } from '../../types/entities';
import { useProductFormFlow } from './useProductFormFlow';

/** One empty list for every render, so the form's options are not rebuilt while the list is missing. */
const NO_CATEGORIES: Category[] = [];

/** Add Product (sellers): the form hands the product and its image to the add-product flow, an ISBN to the lookup. */
export function Component() {
  const flow = useProductFormFlow();
  const categories = useGetCategoriesQuery();
  // Only for the "You will receive" line: without it (still loading, or failed) the form is whole.
  const commission = useGetEarningsQuery().data?.commission;
  // Without the list the select offers only 'None': say so, with Retry. The form keeps what was typed.
  const categoriesFailed = categories.error !== undefined && !categories.data;

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {productsCopy.addTitle}
      </Typography>
      <AddProductForm
        {...flow}
        categories={categories.data ?? NO_CATEGORIES}
        commission={commission}
        categoriesNotice={
          categoriesFailed && (
            <LoadFailed
              what={productsCopy.categoriesFailed}
              error={categories.error}
              retrying={categories.isFetching}
              onRetry={() => void categories.refetch()}
            />
          )
        }
      />
    </Box>
  );
}
