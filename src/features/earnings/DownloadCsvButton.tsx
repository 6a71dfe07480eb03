import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { loadFailedMessage } from '../../api/errorMessages';
import { copy } from '../../config/copy';
import { useDownloadEarningsCsvMutation } from './earningsApi';

/**
 * 'Download CSV': asks for every entry as CSV (the earnings listener saves the file). The button
 * stays one button throughout, marked busy while the file comes (it keeps the focus); a failure
 * says what and why beside it, and the same button tries again.
 */
export function DownloadCsvButton() {
  const [download, { isLoading, isError, error }] = useDownloadEarningsCsvMutation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        aria-disabled={isLoading}
        aria-busy={isLoading}
        startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon aria-hidden />}
        onClick={() => {
          if (!isLoading) void download();
        }}
      >
        {isLoading ? copy.earnings.downloading : copy.earnings.download}
      </Button>
      {isError && !isLoading && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {loadFailedMessage(error, copy.earnings.downloadFailed)}
        </Alert>
      )}
    </Stack>
  );
}
