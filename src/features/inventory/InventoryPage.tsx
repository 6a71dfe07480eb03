import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/baseApi';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { DefaultsForm } from './DefaultsForm';
import { DownloadButton } from './DownloadButton';
import { FileDrop } from './FileDrop';
import { ImportStatus } from './ImportStatus';
import { inventoryApi, type InventoryImport, RUNNING_POLL_MS, useGetImportsQuery, useGetInventoryDefaultsQuery, useUploadInventoryMutation } from './inventoryApi';
import { useInventoryListeners } from './inventoryListeners';
import { inventoryWords as words } from './inventoryWords';

const isRunning = (item: InventoryImport | undefined): boolean => item?.state === 'checking' || item?.state === 'applying';

/**
 * `/dashboard/inventory` (sellers): defaults for what a file leaves out, a file picked or
 * dropped, the latest import's check and progress (live), Apply or Discard, and the inventory as
 * a file to download.
 */
export function Component() {
  useInventoryListeners();
  const defaults = useGetInventoryDefaultsQuery();
  // While an import runs the list is also read every few seconds: the live stream carries its
  // progress, but a stream that drops (a proxy, a laptop's sleep) does not replay it.
  const known = inventoryApi.endpoints.getImports.useQueryState();
  const running = isRunning(known.data?.[0]);
  const imports = useGetImportsQuery(undefined, { pollingInterval: running ? RUNNING_POLL_MS : 0 });
  const [upload, uploading] = useUploadInventoryMutation();
  const [replace, setReplace] = useState(false);
  const latest = imports.data?.[0];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h2" component="h1" gutterBottom>
          {words.title}
        </Typography>
        <Typography>{words.intro}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {words.columnsHint}
        </Typography>
      </Box>

      {defaults.isLoading && <LinearProgress aria-label={copy.loading} />}
      {defaults.isError && <LoadFailed what={words.defaults.failed} error={defaults.error} retrying={defaults.isFetching} onRetry={() => void defaults.refetch()} />}
      {defaults.data && <DefaultsForm saved={defaults.data} />}

      <Divider />
      <Box component="section" aria-labelledby="inventory-upload" sx={{ display: 'grid', gap: 1 }}>
        <Typography id="inventory-upload" variant="h6" component="h2">
          {words.upload.title}
        </Typography>
        <FileDrop disabled={uploading.isLoading || running} onFile={(file) => void upload({ file, replace })} />
        <FormControlLabel control={<Checkbox checked={replace} onChange={(event) => setReplace(event.target.checked)} />} label={words.upload.replace} />
        {uploading.isLoading && (
          <Typography role="status">{words.upload.uploading(uploading.originalArgs?.file.name ?? '')}</Typography>
        )}
        {uploading.isError && !uploading.isLoading && <Alert severity="error">{errorMessage(uploading.error, words.upload.failed)}</Alert>}
      </Box>

      <Divider />
      {imports.isError && <LoadFailed what={words.loadFailed} error={imports.error} retrying={imports.isFetching} onRetry={() => void imports.refetch()} />}
      {latest ? <ImportStatus item={latest} /> : imports.isSuccess && <EmptyState message={words.empty} action={{ label: words.toProducts, to: paths.myProducts }} />}

      <Divider />
      <DownloadButton url="/inventory.csv" name="inventory.csv" label={words.downloadInventory} />
    </Box>
  );
}
