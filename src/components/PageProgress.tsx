import LinearProgress from '@mui/material/LinearProgress';
import { copy } from '../config/copy';

/** The progress bar shown while the user, the roles or a page's data load. */
export function PageProgress() {
  return <LinearProgress aria-label={copy.loading} sx={{ width: '100%' }} />;
}
