import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid } from '@mui/x-data-grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { disputesCopy } from './copy';
import { usePageCursors, useRememberPageEnd } from '../../lib/usePageCursors';
import { compactDisputeColumns, disputeColumns, type OnSettle } from './disputeColumns';
import { DisputeDialog, type SettleRequest } from './DisputeDialog';
import { useGetDisputesQuery } from './ordersApi';

const PAGE_SIZES = [10, 25, 50];

/**
 * Admins: the disputed orders, oldest first, one page at a time from the API. A page is asked for
 * with the cursor the page before it handed out (remembered per page), so moving back and forth
 * is exact; a new page size starts again at the first page. Each row says why the buyer reported
 * it and settles it, refunded or completed, with a reason both sides read; the grid is read again.
 */
export function Component() {
  const pages = usePageCursors(PAGE_SIZES[1]);
  const { paginationModel } = pages;
  const list = useGetDisputesQuery({ limit: paginationModel.pageSize, cursor: pages.cursor }, { skip: pages.skip });
  useRememberPageEnd(pages, list.currentData !== undefined, list.currentData?.nextCursor ?? undefined);

  const [settling, setSettling] = useState<SettleRequest | null>(null);
  // A settled order leaves the grid with the button that was focused: the keyboard goes on from the heading.
  const [settled, setSettled] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!settled) return;
    setSettled(false);
    heading.current?.focus();
  }, [settled]);

  // The dashboard is never prerendered, so the width may be read on the first render.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => {
    const settle: OnSettle = (order, to) => setSettling({ order, to });
    return phone ? compactDisputeColumns(settle) : disputeColumns(settle);
  }, [phone]);

  const total = list.data?.total ?? 0;
  const empty = !list.isLoading && !list.isError && total === 0;
  return (
    <Box>
      <Typography ref={heading} tabIndex={-1} variant="h2" component="h1" gutterBottom>
        {disputesCopy.title}
      </Typography>
      {list.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {list.isError && (
        <Box sx={{ mb: 1 }}>
          <LoadFailed what={disputesCopy.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
        </Box>
      )}
      {empty ? (
        <Typography color="text.secondary">{disputesCopy.empty}</Typography>
      ) : (
        <DataGrid
          label={disputesCopy.title}
          rows={list.data?.orders ?? []}
          columns={columns}
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
          onPaginationModelChange={pages.onPaginationModelChange}
          sx={{
            bgcolor: 'background.paper',
            '& .MuiDataGrid-cell': { py: 1, whiteSpace: 'normal', lineHeight: 1.4, alignItems: 'flex-start' },
            '& .MuiButton-root': { lineHeight: 1.3 },
          }}
        />
      )}
      <DisputeDialog
        request={settling}
        onClose={(done) => {
          setSettling(null);
          setSettled(done);
        }}
      />
    </Box>
  );
}
