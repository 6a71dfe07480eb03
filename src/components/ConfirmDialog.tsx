import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  message: ReactNode;
  /** What else the action affects (say, buyers who booked the book), shown as a warning. */
  warning?: string | null;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirmed action is running: both buttons wait, Escape does nothing. */
  busy: boolean;
  /** Why the action failed; the dialog stays open so the user may retry or cancel. */
  error: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks once more before something that cannot be undone. */
export function ConfirmDialog({ open, title, message, warning, confirmLabel, cancelLabel, busy, error, onConfirm, onCancel }: Props) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={warning ? `${id}-message ${id}-warning` : `${id}-message`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-message`}>{message}</DialogContentText>
        {warning && (
          <Alert id={`${id}-warning`} severity="warning" role="note" sx={{ mt: 1 }}>
            {warning}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
