import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { loadFailedMessage } from '../api/errorMessages';
import { copy } from '../config/copy';

interface Props {
  /** What could not be loaded, as a sentence ("The categories could not be loaded."). */
  what: string;
  error: unknown;
  /** A retry is under way: the button waits. */
  retrying?: boolean;
  onRetry(): void;
}

/**
 * A list or page that could not be loaded: what failed, why (offline, no answer in time, a
 * fault of the shop's), and Retry. Never an empty state: emptiness is an answer, this is not.
 */
export function LoadFailed({ what, error, retrying = false, onRetry }: Props) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {copy.messages.retry}
        </Button>
      }
    >
      {loadFailedMessage(error, what)}
    </Alert>
  );
}
