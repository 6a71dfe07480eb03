import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { disputeColumns } from './disputeColumns';
import { useGetDisputesQuery } from './ordersApi';

const PAGE_SIZES = [10, 25, 50];

/**
 * Admins: the disputed orders, oldest first, one page at a time from the API. A page is asked for
 * with the cursor the page before it handed out (remembered per page), so moving back and forth
 * is exact; a new page size starts again at the first page.
 */
export function Component() {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[1] });
  // cursors[n] is where page n starts; page 0 needs none.
  const [cursors, setCursors] = useState<Array<string | undefined>>([]);
  const { page, pageSize } = paginationModel;
  const cursor = page === 0 ? undefined : cursors[page];
  const list = useGetDisputesQuery({ limit: pageSize, cursor }, { skip: page > 0 && cursor === undefined });

  const arrived = list.currentData !== undefined;
  const nextCursor = list.currentData?.nextCursor ?? undefined;
  useEffect(() => {
    if (page > 0 && cursor === undefined) {
      setPaginationModel((model) => ({ ...model, page: 0 }));
      return;
    }
    if (!arrived) return;
    setCursors((known) => {
      if (known[page + 1] === nextCursor) return known;
      const updated = known.slice(0, page + 1);
      updated[page + 1] = nextCursor;
      return updated;
    });
  }, [page, cursor, arrived, nextCursor]);

  const total = list.data?.total ?? 0;
  const empty = !list.isLoading && !list.isError && total === 0;
  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {copy.disputes.title}
      </Typography>
      {list.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {list.isError && (
        <Box sx={{ mb: 1 }}>
          <LoadFailed what={copy.disputes.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
        </Box>
      )}
      {empty ? (
        <Typography color="text.secondary">{copy.disputes.empty}</Typography>
      ) : (
        <DataGrid
          label={copy.disputes.title}
          rows={list.data?.orders ?? []}
          columns={disputeColumns}
          getRowId={(order) => order._id}
          getRowHeight={() => 'auto'}
          loading={list.isLoading || (list.isFetching && list.currentData === undefined)}
          autoHeight
          disableVirtualization
          disableRowSelectionOnClick
          disableColumnFilter
          disableColumnSorting
          paginationMode="server"
          rowCount={total}
          pageSizeOptions={PAGE_SIZES}
          paginationModel={paginationModel}
          onPaginationModelChange={(model) => {
            if (model.pageSize !== pageSize) {
              setCursors([]);
              setPaginationModel({ page: 0, pageSize: model.pageSize });
            } else {
              setPaginationModel(model);
            }
          }}
          sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { py: 1 } }}
        />
      )}
    </Box>
  );
}
