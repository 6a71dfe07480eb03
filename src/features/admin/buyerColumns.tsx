import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { copy } from '../../config/copy';
import type { User } from '../../types/entities';
import { actionColumn, deleteColumn, emailColumn, indexColumn, nameColumn } from './sharedColumns';

export interface BuyerActions {
  onMakeSeller(user: User): void;
  onDelete(user: User): void;
  /** The user being made a seller, if any. */
  pendingId?: string;
}

/** All Buyer: 'Make seller' only for users who are not sellers yet. */
export function buyerColumns({ onMakeSeller, onDelete, pendingId }: BuyerActions): GridColDef<User>[] {
  return [
    indexColumn,
    nameColumn,
    emailColumn,
    actionColumn((user) =>
      user.role === 'seller' ? null : (
        <Button size="small" variant="contained" disabled={pendingId === user._id} onClick={() => onMakeSeller(user)}>
          {copy.admin.makeSeller}
        </Button>
      ),
    ),
    deleteColumn(onDelete),
  ];
}
