import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { copy } from '../../config/copy';
import type { User } from '../../types/entities';

interface Props {
  title: string;
  users: User[];
  columns: GridColDef<User>[];
  isLoading: boolean;
  isFetching: boolean;
  emptyText: string;
}

const PAGE_SIZES = [10, 25, 50];

/** One admin list: title, progress while loading or refreshing, the grid or an empty state. */
export function UsersGrid({ title, users, columns, isLoading, isFetching, emptyText }: Props) {
  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {title}
      </Typography>
      {isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {!isLoading && users.length === 0 ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        // Admin lists are short pages: grow with the rows and render every row of the page.
        <DataGrid
          label={title}
          rows={users}
          columns={columns}
          getRowId={(user) => user._id}
          loading={isLoading}
          autoHeight
          disableVirtualization
          disableRowSelectionOnClick
          pageSizeOptions={PAGE_SIZES}
          initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZES[1] } } }}
          sx={{ bgcolor: 'background.paper' }}
        />
      )}
    </Box>
  );
}
