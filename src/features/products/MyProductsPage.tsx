import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { rowsOf } from '../../api/paging';
import { LoadFailed } from '../../components/LoadFailed';
import { SkeletonRows, type SkeletonColumn } from '../../components/SkeletonRows';
import { stackedTableSx } from '../../components/stackedTable';
import { TableMore } from '../../components/TableMore';
import { EmptyState } from '../../components/EmptyState';
import { paths } from '../../config/paths';
import { copy } from '../../config/copy';
import type { Product } from '../../types/entities';
import { DeleteProductDialog } from './DeleteProductDialog';
import { useGetProductsInfiniteQuery } from './productsApi';
import { formatDollars } from '../../lib/money';

const skeletonColumns: SkeletonColumn[] = [
  { label: copy.products.image_, cell: 'avatar' },
  { label: copy.products.name_, cell: 'text' },
  { label: copy.products.price_, cell: 'text' },
  { label: copy.products.location_, cell: 'text' },
  { label: copy.products.delete, cell: 'button' },
];

/** My Products (sellers): own listings, a page at a time, with a guarded delete. */
export function Component() {
  // A list that could not be loaded says so with Retry (never as an empty list); a later page
  // that fails keeps the rows shown and says so at the table's end.
  const list = useGetProductsInfiniteQuery();
  const pages = list.data?.pages ?? [];
  const products = rowsOf(pages);
  const { isLoading } = list;
  const failed = list.isError && !list.isFetchNextPageError && products.length === 0;
  // The count is of all the seller's products, as the API totals them; the rows shown are fewer
  // until every page is loaded.
  const count = pages[pages.length - 1]?.total ?? products.length;
  // The bar is for the whole list (the first load, the refetch after a delete); 'Load more' shows its own.
  const refreshing = list.isFetching && !list.isFetchingNextPage;
  const [toDelete, setToDelete] = useState<Product | null>(null);

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.products.myProductsTitle}
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
      {refreshing && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed ? (
        <LoadFailed what={copy.products.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : !isLoading && products.length === 0 ? (
        <EmptyState message={copy.products.empty} action={{ label: copy.products.addFirst, to: paths.addProducts }} />
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label={copy.products.myProductsTitle} aria-busy={isLoading} sx={stackedTableSx}>
            <TableHead>
              <TableRow>
                <TableCell>{copy.products.image_}</TableCell>
                <TableCell>{copy.products.name_}</TableCell>
                <TableCell>{copy.products.price_}</TableCell>
                <TableCell>{copy.products.location_}</TableCell>
                <TableCell>{copy.products.delete}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading && <SkeletonRows columns={skeletonColumns} />}
              {products.map((product) => (
                <TableRow key={product._id}>
                  <TableCell data-label={copy.products.image_}>
                    <Avatar variant="rounded" src={product.image} alt={product.name} />
                  </TableCell>
                  <TableCell data-label={copy.products.name_}>{product.name}</TableCell>
                  <TableCell data-label={copy.products.price_}>{formatDollars(product.price)}</TableCell>
                  <TableCell data-label={copy.products.location_}>{product.location}</TableCell>
                  <TableCell data-label={copy.products.delete}>
                    {product.sold ? (
                      // A sold book stays on record with its buyer's payment.
                      <Chip size="small" color="success" label={copy.products.sold} />
                    ) : (
                      <Button color="error" size="small" variant="outlined" onClick={() => setToDelete(product)}>
                        {copy.products.delete}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TableMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
      <DeleteProductDialog product={toDelete} onClose={() => setToDelete(null)} />
    </Box>
  );
}
