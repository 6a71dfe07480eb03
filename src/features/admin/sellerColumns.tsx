import VerifiedIcon from '@mui/icons-material/Verified';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { copy } from '../../config/copy';
import { adminCopy } from './copy';
import type { User } from '../../types/entities';
import { actionColumn, deleteColumn, emailColumn, indexColumn, nameColumn } from './sharedColumns';

export interface SellerActions {
  onVerify(user: User): void;
  onDelete(user: User): void;
  /** The user whose verification is on its way, if any. */
  pendingId?: string;
}

/** All seller: a verified seller (role admin) shows a tick instead of the button. */
export function sellerColumns({ onVerify, onDelete, pendingId }: SellerActions): GridColDef<User>[] {
  return [
    indexColumn,
    nameColumn,
    emailColumn,
    actionColumn((user) =>
      user.role === 'admin' ? (
        <VerifiedIcon color="primary" titleAccess={adminCopy.verified} />
      ) : (
        <Button size="small" variant="contained" disabled={pendingId === user._id} onClick={() => onVerify(user)}>
          {copy.admin.verify}
        </Button>
      ),
    ),
    deleteColumn(onDelete),
  ];
}
