import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { PagedTable, wholeList } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { payoutsCopy } from './copy';
import { usePageCursors, useRememberPageEnd } from '../../lib/usePageCursors';
import { payoutColumns } from './payoutColumns';
import { useGetCommissionByMonthQuery, useGetPayoutsQuery, useGetWaitingSellersQuery } from './payoutsApi';
import { ReconciliationPanel } from './ReconciliationPanel';
import { commissionColumns, waitingColumns } from './waitingColumns';
import { useFeatureListeners } from '../../app/featureListeners';
import { addPayoutListeners } from './payoutsListeners';

const PAGE_SIZES = [10, 25, 50];

/** Every payout, failed first then newest, a page at a time from the API (as the disputes page pages). */
function PayoutsGrid() {
  const pages = usePageCursors(PAGE_SIZES[1]);
  const { paginationModel } = pages;
  const list = useGetPayoutsQuery({ limit: paginationModel.pageSize, cursor: pages.cursor }, { skip: pages.skip });
  useRememberPageEnd(pages, list.currentData !== undefined, list.currentData?.nextCursor ?? undefined);

  const total = list.data?.total ?? 0;
  const empty = !list.isLoading && !list.isError && total === 0;
  return (
    <>
      {list.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {list.isError && (
        <Box sx={{ mb: 1 }}>
          <LoadFailed what={payoutsCopy.failed} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
        </Box>
      )}
      {empty ? (
        <Typography color="text.secondary">{payoutsCopy.empty}</Typography>
      ) : (
        <DataGrid
          aria-label={payoutsCopy.title}
          rows={list.data?.payouts ?? []}
          columns={payoutColumns}
          getRowId={(payout) => payout._id}
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
          sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-cell': { py: 1 } }}
        />
      )}
    </>
  );
}

function WaitingSellers() {
  const waiting = useGetWaitingSellersQuery();
  return (
    <PagedTable
      label={payoutsCopy.waiting.title}
      columns={waitingColumns}
      rows={waiting.data ?? []}
      rowKey={(seller) => seller.sellerId}
      list={wholeList(waiting)}
      failedText={payoutsCopy.waiting.failed}
      empty={<EmptyState message={payoutsCopy.waiting.empty} />}
    />
  );
}

function CommissionByMonth() {
  const months = useGetCommissionByMonthQuery();
  return (
    <PagedTable
      label={payoutsCopy.commission.title}
      columns={commissionColumns}
      rows={months.data ?? []}
      rowKey={(row) => row.month}
      list={wholeList(months)}
      failedText={payoutsCopy.commission.failed}
      empty={<EmptyState message={payoutsCopy.commission.empty} />}
    />
  );
}

/** A part of the page under its own heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Admins: payouts to sellers (Retry on a failed one), the sellers whose money waits for a payout
 * account, the commission by month, and whether the ledger agrees with Stripe.
 */
export function Component() {
  useFeatureListeners(addPayoutListeners);
  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {payoutsCopy.title}
      </Typography>
      <Stack spacing={5}>
        <PayoutsGrid />
        <Section id="payouts-waiting" title={payoutsCopy.waiting.title}>
          <WaitingSellers />
        </Section>
        <Section id="payouts-commission" title={payoutsCopy.commission.title}>
          <CommissionByMonth />
        </Section>
        <Section id="payouts-reconciliation" title={payoutsCopy.reconciliation.title}>
          <ReconciliationPanel />
        </Section>
      </Stack>
    </Box>
  );
}
