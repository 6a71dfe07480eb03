import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { rowsOf } from '../../api/paging';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable, type PagedColumn } from '../../components/PagedTable';
import { paths } from '../../config/paths';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import type { Product } from './types';
import { DeleteProductDialog } from './DeleteProductDialog';
import { useGetProductsInfiniteQuery } from './productsApi';
import { formatDollars, formatUsd } from '../../lib/money';

function productColumns(onDelete: (product: Product) => void): PagedColumn<Product>[] {
  return [
    {
      label: productsCopy.image_,
      skeleton: 'avatar',
      cell: (product) => <Avatar variant="rounded" src={product.image} alt={product.name} />,
    },
    { label: productsCopy.name_, skeleton: 'text', cell: (product) => product.name },
    {
      label: productsCopy.price_,
      skeleton: 'text',
      // What the seller keeps of the price at today's commission, under it.
      cell: (product) => (
        <>
          {formatDollars(product.price)}
          {product.youReceive !== undefined && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {copy.sellerTake.receiveLine(formatUsd(product.youReceive))}
            </Typography>
          )}
        </>
      ),
    },
    { label: productsCopy.location_, skeleton: 'text', cell: (product) => product.location },
    {
      label: productsCopy.delete,
      skeleton: 'button',
      cell: (product) =>
        product.sold ? (
          // A sold book stays on record with its buyer's payment.
          <Chip size="small" color="success" label={productsCopy.sold} />
        ) : (
          // The spec's columns stay as they are: a listing still for sale is edited from its last cell.
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              component={RouterLink}
              to={paths.editProduct(product._id)}
              size="small"
              variant="outlined"
              aria-label={productsCopy.editLabel(product.name)}
            >
              {productsCopy.edit}
            </Button>
            <Button color="error" size="small" variant="outlined" onClick={() => onDelete(product)}>
              {productsCopy.delete}
            </Button>
          </Box>
        ),
    },
  ];
}

/** My Products (sellers): own listings, a page at a time, with a guarded delete. */
export function Component() {
  const list = useGetProductsInfiniteQuery();
  const pages = list.data?.pages ?? [];
  const products = rowsOf(pages);
  const { isLoading } = list;
  const failed = list.isError && !list.isFetchNextPageError && products.length === 0;
  // The count is of all the seller's products, as the API totals them; the rows shown are fewer
  // until every page is loaded.
  const count = pages[pages.length - 1]?.total ?? products.length;
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [columns] = useState(() => productColumns(setToDelete));

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {productsCopy.myProductsTitle}
      </Typography>
      {/* Unknown while the list cannot be loaded: no count is better than a wrong one. */}
      {!failed && (
        <Typography sx={{ mb: 1 }}>
          {copy.products.count}
          {/* Not yet known while the first page loads: a placeholder, not a count of 0. */}
          {isLoading ? (
            <Skeleton component="span" aria-hidden="true" variant="text" width="2ch" sx={{ display: 'inline-block' }} />
          ) : (
            count
          )}
        </Typography>
      )}
      <PagedTable
        label={productsCopy.myProductsTitle}
        columns={columns}
        rows={products}
        rowKey={(product) => product._id}
        list={list}
        failedText={productsCopy.failed}
        empty={<EmptyState message={productsCopy.empty} action={{ label: productsCopy.addFirst, to: paths.addProducts }} />}
      />
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
    </Box>
  );
}
