import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { loadFailedMessage } from '../api/errorMessages';
import { copy } from '../config/copy';

interface Props {
  /** What could not be loaded, as a sentence ("The categories could not be loaded."). */
  what: string;
  error: unknown;
  /** A retry is under way: the button waits (marked, not disabled, so it keeps the focus). */
  retrying?: boolean;
  onRetry(): void;
}

/**
 * A list or page that could not be loaded: what failed, why (offline, no answer in time, a
 * fault of the shop's), and Retry. Never an empty state: emptiness is an answer, this is not.
 * Built from parts the home page's first paint already carries (no Alert), as the category grid
 * uses it there.
 */
export function LoadFailed({ what, error, retrying, onRetry }: Props) {
  return <FailedNotice message={loadFailedMessage(error, what)} retrying={retrying} onRetry={onRetry} />;
}

/** The same notice for a failure already put in words. */
export function FailedNotice({ message, retrying = false, onRetry }: { message: string; retrying?: boolean; onRetry(): void }) {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 2,
        p: 2,
        border: 1,
        borderColor: 'error.main',
        borderLeftWidth: 6,
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Typography sx={{ flex: '1 1 16rem' }}>{message}</Typography>
      <Button
        variant="outlined"
        color="error"
        onClick={() => {
          if (!retrying) onRetry();
        }}
        aria-disabled={retrying}
        aria-busy={retrying}
      >
        {copy.messages.retry}
      </Button>
    </Box>
  );
}
