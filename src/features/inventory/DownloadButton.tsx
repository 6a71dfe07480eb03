import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { loadFailedMessage } from '../../api/errorMessages';
import { useDownloadInventoryCsvMutation } from './inventoryApi';
import { inventoryWords } from './inventoryWords';

/** A CSV the API makes, fetched with the seller's token and saved by the inventory listeners. */
export function DownloadButton({ url, name, label }: { url: string; name: string; label: string }) {
  const [download, { isLoading, isError, error }] = useDownloadInventoryCsvMutation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        aria-disabled={isLoading}
        aria-busy={isLoading}
        startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon aria-hidden />}
        onClick={() => {
          if (!isLoading) void download({ url, name });
        }}
      >
        {isLoading ? inventoryWords.downloading : label}
      </Button>
      {isError && !isLoading && <Alert severity="error">{loadFailedMessage(error, inventoryWords.downloadFailed)}</Alert>}
    </Stack>
  );
}
