import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../api/baseApi';
import { copy } from '../../config/copy';
import { useDeleteUserMutation, type UserRef } from './adminApi';

interface Props {
  user: UserRef | null;
  onClose(): void;
}

/** Removing a user cannot be undone, so it is asked for once more. */
export function DeleteUserDialog({ user, onClose }: Props) {
  const [deleteUser, { isLoading, error, reset }] = useDeleteUserMutation();
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    if (!user) return;
    try {
      await deleteUser({ _id: user._id, name: user.name }).unwrap();
      close();
    } catch {
      // The message shows in the dialog; the admin may retry or cancel.
    }
  };

  return (
    <Dialog
      open={Boolean(user)}
      onClose={isLoading ? undefined : close}
      aria-labelledby="delete-user-title"
      aria-describedby="delete-user-message"
    >
      <DialogTitle id="delete-user-title">{copy.admin.deleteUserTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-user-message">{user ? copy.admin.deleteUserMessage(user.name) : ''}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(error, copy.errors.generic)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          {copy.admin.deleteUserConfirm}
        </Button>
        <Button onClick={close} disabled={isLoading}>
          {copy.admin.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
