import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { adminCopy } from './copy';
import type { User } from '../../types/entities';

const fixed = { sortable: false, filterable: false, disableColumnMenu: true } as const;

/** The row's position in the whole list as shown (1, 2, 3 … after sorting; 26 starts page 2 of 25). */
export const indexColumn: GridColDef<User> = {
  ...fixed,
  field: '__index',
  headerName: adminCopy.index,
  width: 64,
  renderCell: ({ api, id }) => {
    // The API pages: the grid holds one page, so positions count on from the pages before.
    const { page, pageSize } = api.state.pagination.paginationModel;
    return page * pageSize + api.getRowIndexRelativeToVisibleRows(id) + 1;
  },
};

export const nameColumn: GridColDef<User> = { field: 'name', headerName: adminCopy.name, flex: 1, minWidth: 140 };

export const emailColumn: GridColDef<User> = { field: 'email', headerName: adminCopy.email, flex: 1.4, minWidth: 200 };

export function deleteColumn(onDelete: (user: User) => void): GridColDef<User> {
  return {
    ...fixed,
    field: '__delete',
    headerName: adminCopy.delete,
    width: 120,
    renderCell: ({ row }) => (
      <Button color="error" size="small" variant="outlined" onClick={() => onDelete(row)}>
        {adminCopy.delete}
      </Button>
    ),
  };
}

export function actionColumn(renderAction: (user: User) => ReactNode): GridColDef<User> {
  return { ...fixed, field: '__action', headerName: adminCopy.action, flex: 1, minWidth: 220, renderCell: ({ row }) => renderAction(row) };
}
