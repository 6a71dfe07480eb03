import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isNotFound } from '../../api/baseApi';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PageProgress } from '../../components/PageProgress';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import { paths } from '../../config/paths';
import type { Category } from '../../types/entities';
import { useGetEarningsQuery } from '../earnings/earningsApi';
import { OfferTermsSection } from '../offers/OfferTermsSection';
import { AddProductForm } from './AddProductForm';
import { listingImages, valuesOfProduct } from './productForm';
import { useGetProductQuery, useUpdateProductMutation, type ListedProduct } from './productsApi';
import { useProductFormFlow } from './useProductFormFlow';

const NO_CATEGORIES: Category[] = [];
const backToProducts = { label: productsCopy.myProductsTitle, to: paths.myProducts };

/** `/dashboard/products/:id/edit` (sellers): the add-product form, filled in from the listing; saving PUTs the changes. */
export function Component() {
  const { id = '' } = useParams();
  const product = useGetProductQuery(id);

  let body;
  if (product.data) {
    body = product.data.sold ? (
      <SoldListing />
    ) : (
      <>
        <EditForm key={product.data._id} product={product.data} />
        <OfferTerms key={`${product.data._id}-offers`} product={product.data} />
      </>
    );
  }
  else if (product.isLoading) body = <PageProgress />;
  else if (isNotFound(product.error)) body = <EmptyState message={copy.bookPage.gone} action={backToProducts} />;
  else body = <LoadFailed what={productsCopy.editFailed} error={product.error} retrying={product.isFetching} onRetry={() => void product.refetch()} />;

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {productsCopy.editTitle}
      </Typography>
      {body}
    </Box>
  );
}

/** A sold book stays on record with its buyer's payment: the API refuses changes, and so does the page. */
function SoldListing() {
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to={backToProducts.to}>
          {backToProducts.label}
        </Button>
      }
    >
      {productsCopy.soldLocked}
    </Alert>
  );
}

/** The listing's offer terms, saved on their own with the listing's PUT. */
function OfferTerms({ product }: { product: ListedProduct }) {
  const [update] = useUpdateProductMutation();
  return (
    <OfferTermsSection price={product.price} terms={product.offers} onSave={(offers) => update({ id: product._id, changes: { offers } }).unwrap()} />
  );
}

function EditForm({ product }: { product: ListedProduct }) {
  const flow = useProductFormFlow();
  const categories = useGetCategoriesQuery();
  const commission = useGetEarningsQuery().data?.commission;
  // The form starts from the listing as it was loaded; a refetch meanwhile does not undo what was typed.
  const [initialValues] = useState(() => valuesOfProduct(product));
  return (
    <AddProductForm
      {...flow}
      categories={categories.data ?? NO_CATEGORIES}
      commission={commission}
      initialValues={initialValues}
      edited={{ productId: product._id, images: listingImages(product) }}
    />
  );
}
