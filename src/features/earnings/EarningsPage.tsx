import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rowsOf } from '../../api/paging';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable } from '../../components/PagedTable';
import { copy } from '../../config/copy';
import { earningsCopy } from './copy';
import { paths } from '../../config/paths';
import { DownloadCsvButton } from './DownloadCsvButton';
import { useGetEarningEntriesInfiniteQuery, useGetEarningsQuery } from './earningsApi';
import { EarningsSummary } from './EarningsSummary';
import { entryColumns } from './entryColumns';
import { PayoutsPanel } from './PayoutsPanel';
import { PayoutsReturn } from './PayoutsReturn';
import { useFeatureListeners } from '../../app/featureListeners';
import { addEarningsListeners } from './earningsListeners';

/**
 * My Earnings (sellers): what they are owed, what the shop keeps, how they get paid, and every
 * entry of their ledger.
 */
export function Component() {
  useFeatureListeners(addEarningsListeners);
  const earnings = useGetEarningsQuery().data;
  const entries = useGetEarningEntriesInfiniteQuery();
  const rows = rowsOf(entries.data?.pages);

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {earningsCopy.title}
      </Typography>
      <Stack spacing={4}>
        <PayoutsReturn />
        <Box component="section" aria-labelledby="earnings-balance">
          <Typography id="earnings-balance" variant="h5" component="h2" gutterBottom>
            {earningsCopy.balance}
          </Typography>
          <EarningsSummary />
        </Box>
        {/* Without the balance (loading, or failed: said above) there is nothing to say about payouts. */}
        {earnings && (
          <Box component="section" aria-labelledby="earnings-payouts">
            <Typography id="earnings-payouts" variant="h5" component="h2" gutterBottom>
              {earningsCopy.payouts}
            </Typography>
            <PayoutsPanel earnings={earnings} />
          </Box>
        )}
        <Box component="section" aria-labelledby="earnings-entries">
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
          >
            <Typography id="earnings-entries" variant="h5" component="h2">
              {earningsCopy.entries}
            </Typography>
            {/* Nothing to download until there is an entry. */}
            {rows.length > 0 && <DownloadCsvButton />}
          </Stack>
          <PagedTable
            label={earningsCopy.entries}
            columns={entryColumns}
            rows={rows}
            rowKey={(entry) => entry._id}
            list={entries}
            failedText={earningsCopy.entriesFailed}
            empty={<EmptyState message={earningsCopy.empty} action={{ label: copy.myBuyer.toProducts, to: paths.myProducts }} />}
          />
        </Box>
      </Stack>
    </Box>
  );
}
