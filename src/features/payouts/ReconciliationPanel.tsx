import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed';
import { PagedTable, wholeList, type PagedColumn } from '../../components/PagedTable';
import { payoutsCopy } from './copy';
import { formatMoment } from '../../lib/orders';
import { shortId } from '../../lib/shortId';
import type { ReconciliationDifference } from './types';
import { useGetReconciliationQuery, useReconcileMutation } from './payoutsApi';

const words = payoutsCopy.reconciliation;

const differenceColumns: PagedColumn<ReconciliationDifference>[] = [
  { label: words.kind, skeleton: 'text', cell: (difference) => words.kinds[difference.kind] ?? difference.kind },
  {
    label: words.payout,
    skeleton: 'text',
    cell: (difference) => (difference.payoutId ? <span title={difference.payoutId}>{shortId(difference.payoutId)}</span> : ''),
  },
  { label: words.provider, skeleton: 'text', cell: (difference) => <span style={{ overflowWrap: 'anywhere' }}>{difference.providerId ?? ''}</span> },
  { label: words.ours, skeleton: 'text', cell: (difference) => difference.ours },
  { label: words.theirs, skeleton: 'text', cell: (difference) => <span style={{ overflowWrap: 'anywhere' }}>{difference.theirs}</span> },
];

/** 'Reconcile now': busy while it runs (it asks Stripe for every payout), keeping the focus. */
function ReconcileButton() {
  const [reconcile, { isLoading }] = useReconcileMutation();
  return (
    <Button
      variant="outlined"
      aria-disabled={isLoading}
      aria-busy={isLoading}
      startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      onClick={() => {
        if (!isLoading) void reconcile();
      }}
      sx={{ alignSelf: 'flex-start' }}
    >
      {words.run}
    </Button>
  );
}

/** Whether the ledger and Stripe agreed when last compared: when, what was checked, and each difference. */
export function ReconciliationPanel() {
  const last = useGetReconciliationQuery();
  const report = last.data;
  return (
    <Stack spacing={1.5}>
      {last.isLoading ? (
        <Skeleton variant="text" width="16rem" aria-hidden="true" />
      ) : last.isError && report === undefined ? (
        <LoadFailed what={words.failed} error={last.error} retrying={last.isFetching} onRetry={() => void last.refetch()} />
      ) : !report ? (
        <Typography>{words.never}</Typography>
      ) : (
        <>
          <Typography>
            <time dateTime={report.at}>{words.lastRun(formatMoment(report.at))}</time>
          </Typography>
          <Typography color="text.secondary">{words.checked(report.checked.payouts, report.checked.transfers)}</Typography>
          {report.differences.length === 0 ? (
            <Typography>{words.agree}</Typography>
          ) : (
            <PagedTable
              label={words.differences}
              columns={differenceColumns}
              rows={report.differences}
              rowKey={(difference) => `${difference.kind}:${difference.payoutId ?? ''}:${difference.providerId ?? ''}`}
              list={wholeList(last)}
              failedText={words.failed}
              empty={null}
            />
          )}
        </>
      )}
      <ReconcileButton />
    </Stack>
  );
}
