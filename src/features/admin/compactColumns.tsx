import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import type { User } from '../../types/entities';

/** What a phone shows of the admin lists: no position column; the email under the name. */
const HIDDEN_ON_PHONES = new Set(['__index', 'email']);
/** The narrowest each remaining column may get on a phone; buttons wrap their words. */
const PHONE_MIN_WIDTH: Record<string, number> = { name: 110, __action: 120, __delete: 88 };

/**
 * The same columns fitted to a phone, so Action and Delete are on screen without scrolling the
 * grid: rows grow to fit (see UsersGrid), the name cell carries the email beneath it.
 */
export function compactColumns(columns: GridColDef<User>[]): GridColDef<User>[] {
  return columns
    .filter((column) => !HIDDEN_ON_PHONES.has(column.field))
    .map((column) => {
      const minWidth = PHONE_MIN_WIDTH[column.field] ?? column.minWidth;
      const fitted: GridColDef<User> = { ...column, minWidth, width: undefined, flex: column.field === 'name' ? 1.2 : 1 };
      if (column.field !== 'name') return fitted;
      return {
        ...fitted,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <div>{row.name}</div>
            <Box component="div" sx={{ color: 'text.secondary', fontSize: '0.8rem', overflowWrap: 'anywhere' }}>
              {row.email}
            </Box>
          </Box>
        ),
      };
    });
}
