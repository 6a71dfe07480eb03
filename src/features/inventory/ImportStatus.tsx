import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DownloadButton } from './DownloadButton';
import { ERRORS_SHOWN, useApplyImportMutation, useDiscardImportMutation, useGetImportErrorsQuery, type InventoryImport } from './inventoryApi';
import { inventoryWords as words } from './inventoryWords';

const RUNNING = new Set(['checking', 'applying']);

/** Seconds left at the pace seen so far on this page, once there is a pace to go by. */
function useTimeLeft(item: InventoryImport): number | null {
  const first = useRef<{ id: string; state: string; done: number; at: number } | null>(null);
  const { done, total } = item.progress;
  if (!RUNNING.has(item.state)) return null;
  const now = Date.now();
  if (!first.current || first.current.id !== item.id || first.current.state !== item.state) {
    first.current = { id: item.id, state: item.state, done, at: now };
    return null;
  }
  const rate = (done - first.current.done) / Math.max(1, now - first.current.at);
  return rate > 0 ? (total - done) / rate / 1000 : null;
}

/** The latest import: where it stands (a bar while it runs), its counts and errors, and Apply or Discard once checked. */
export function ImportStatus({ item }: { item: InventoryImport }) {
  const [apply, applying] = useApplyImportMutation();
  const [discard] = useDiscardImportMutation();
  const [asking, setAsking] = useState(false);
  const errors = useGetImportErrorsQuery(item.id, { skip: item.counts.invalid === 0 || item.state === 'checking' });
  const timeLeft = useTimeLeft(item);
  const state = words.states[item.state] ?? item.state;
  const { done, total } = item.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;

  return (
    <Box component="section" aria-labelledby="latest-import" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="latest-import" variant="h6" component="h2">
        {words.latest(item.fileName ?? '')}
      </Typography>
      <Typography role="status" aria-live="polite" aria-atomic>
        {RUNNING.has(item.state) ? words.progress(state, done, total) : state}
      </Typography>
      {RUNNING.has(item.state) && (
        <Box>
          <LinearProgress variant="determinate" value={percent} aria-label={words.progress(state, done, total)} />
          {timeLeft !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {words.timeLeft(timeLeft)}
            </Typography>
          )}
        </Box>
      )}
      {item.state === 'failed' && item.failure && (
        <Alert severity="error">
          {words.progress(words.written, done, total)}. {item.failure}
        </Alert>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1, m: 0 }}>
        {(Object.keys(words.counts) as (keyof typeof words.counts)[]).map((count) => (
          <Box key={count} sx={{ m: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {words.counts[count]}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {item.counts[count].toLocaleString('en-US')}
            </Typography>
          </Box>
        ))}
      </Box>
      {item.state === 'checked' && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" aria-disabled={applying.isLoading} onClick={() => !applying.isLoading && void apply(item.id)}>
            {words.apply}
          </Button>
          <Button onClick={() => setAsking(true)}>{words.discard}</Button>
        </Stack>
      )}
      <ConfirmDialog
        open={asking}
        title={words.discardAsk}
        message={words.discardHint}
        confirmLabel={words.discard}
        cancelLabel={words.cancel}
        busy={false}
        error={null}
        onConfirm={() => {
          setAsking(false);
          void discard(item.id);
        }}
        onCancel={() => setAsking(false)}
      />
      {item.counts.invalid > 0 && errors.data && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="subtitle1" component="h3">
            {words.errorsTitle(item.counts.invalid)}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={words.errorsTable}>
              <TableHead>
                <TableRow>
                  <TableCell>{words.errorColumns.row}</TableCell>
                  <TableCell>{words.errorColumns.column}</TableCell>
                  <TableCell>{words.errorColumns.message}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errors.data.map((error, index) => (
                  <TableRow key={`${error.row}-${error.column}-${index}`}>
                    <TableCell>{error.row}</TableCell>
                    <TableCell>{error.column}</TableCell>
                    <TableCell>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {errors.data.length >= ERRORS_SHOWN && (
            <Alert severity="info">{words.moreErrors(errors.data.length, item.counts.invalid)}</Alert>
          )}
          <DownloadButton url={`/inventory/imports/${encodeURIComponent(item.id)}/errors?format=csv`} name={`import-${item.id}-errors.csv`} label={words.downloadErrors} />
        </Box>
      )}
    </Box>
  );
}
