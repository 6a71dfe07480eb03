import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { copy } from '../../config/copy';
import { AddProductForm } from './AddProductForm';
import { addProductCancelled, addProductRequested, addProductReset, selectAddProduct } from './addProductSlice';
import { useGetCategoriesQuery } from '../../api/categoriesApi';

/** Add Product (sellers): the form hands the product and its image to the add-product flow. */
export function Component() {
  const dispatch = useAppDispatch();
  const { status, error, uploadPercent } = useAppSelector(selectAddProduct);
  const { data: categories = [] } = useGetCategoriesQuery();

  // A failure left from an earlier visit does not belong to this form.
  useEffect(() => {
    dispatch(addProductReset());
  }, [dispatch]);

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.products.addTitle}
      </Typography>
      <AddProductForm
        categories={categories}
        status={status}
        uploadPercent={uploadPercent}
        error={error}
        onSubmit={(request) => dispatch(addProductRequested(request))}
        onCancel={() => dispatch(addProductCancelled())}
      />
    </Box>
  );
}
