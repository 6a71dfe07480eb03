import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { copy } from '../../config/copy';
import type { User } from '../../types/entities';
import { PAGE_SIZES, type UserListGrid } from './useUserListGrid';
import { UsersToolbar } from './UsersToolbar';

interface Props {
  title: string;
  list: UserListGrid;
  columns: GridColDef<User>[];
  emptyText: string;
}

/**
 * One admin list: title, progress while loading or refreshing, the grid or an empty state. The
 * API pages, sorts and filters; the grid shows one page and asks for the others.
 */
export function UsersGrid({ title, list, columns, emptyText }: Props) {
  const empty = !list.isLoading && list.total === 0 && !list.isFiltered;
  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {title}
      </Typography>
      {/* Below 600 px the columns do not all fit: say that the grid scrolls (the page does not). */}
      <Typography
        color="text.secondary"
        variant="body2"
        sx={(theme) => ({ display: 'none', mb: 1, [theme.breakpoints.down('sm')]: { display: 'block' } })}
      >
        {copy.admin.scrollHint}
      </Typography>
      {list.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {empty ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        // Admin pages are short: grow with the rows and render every row of the page.
        <DataGrid
          label={title}
          rows={list.users}
          columns={columns}
          getRowId={(user) => user._id}
          loading={list.isLoading || list.isLoadingPage}
          autoHeight
          disableVirtualization
          disableRowSelectionOnClick
          disableColumnFilter
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          rowCount={list.total}
          pageSizeOptions={PAGE_SIZES}
          paginationModel={list.paginationModel}
          onPaginationModelChange={list.onPaginationModelChange}
          sortModel={list.sortModel}
          onSortModelChange={list.onSortModelChange}
          filterModel={list.filterModel}
          onFilterModelChange={list.onFilterModelChange}
          slots={{ toolbar: UsersToolbar }}
          showToolbar
          sx={{ bgcolor: 'background.paper' }}
        />
      )}
    </Box>
  );
}
