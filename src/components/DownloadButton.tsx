import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { loadFailedMessage } from '../api/errorMessages';

interface Props {
  label: string;
  /** Said on the button while the file comes. */
  busyLabel: string;
  /** What failed, for the message beside the button. */
  failedText: string;
  busy: boolean;
  /** The failure of the last try, if it failed. */
  error?: unknown;
  onDownload(): void;
}

/**
 * A file's download button: one button throughout, marked busy while the file comes (it keeps
 * the focus); a failure says what and why beside it, and the same button tries again. The
 * caller's listener saves the file.
 */
export function DownloadButton({ label, busyLabel, failedText, busy, error, onDownload }: Props) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        aria-disabled={busy}
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon aria-hidden />}
        onClick={() => {
          if (!busy) onDownload();
        }}
      >
        {busy ? busyLabel : label}
      </Button>
      {error !== undefined && !busy && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {loadFailedMessage(error, failedText)}
        </Alert>
      )}
    </Stack>
  );
}
