import { errorMessage } from '../../api/baseApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copy } from '../../config/copy';
import { adminCopy } from './copy';
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
    <ConfirmDialog
      open={Boolean(user)}
      title={adminCopy.deleteUserTitle}
      message={user ? adminCopy.deleteUserMessage(user.name) : ''}
      confirmLabel={adminCopy.deleteUserConfirm}
      cancelLabel={copy.admin.cancel}
      busy={isLoading}
      error={error ? errorMessage(error, copy.errors.generic) : null}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
