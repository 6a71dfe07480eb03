import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import type { User } from '../../types/entities';
import { compactColumns } from './compactColumns';
import { PAGE_SIZES, type UserListGrid } from './useUserListGrid';
import { UsersToolbar } from './UsersToolbar';

interface Props {
  title: string;
  /** What failed, when the list could not be loaded ("The sellers could not be loaded."). */
  failedText: string;
  list: UserListGrid;
  columns: GridColDef<User>[];
  emptyText: string;
}

/**
 * One admin list: title, progress while loading or refreshing, the grid or an empty state. The
 * API pages, sorts and filters; the grid shows one page and asks for the others.
 */
export function UsersGrid({ title, list, columns, emptyText, failedText }: Props) {
  const failed = list.error !== null;
  const empty = !list.isLoading && !failed && list.total === 0 && !list.isFiltered;
  // The dashboard is never prerendered, so the width may be read on the first render.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const shownColumns = useMemo(() => (phone ? compactColumns(columns) : columns), [phone, columns]);
  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {title}
      </Typography>
      {list.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed && (
        <Box sx={{ mb: 1 }}>
          <LoadFailed what={failedText} error={list.error} retrying={list.isFetching} onRetry={list.retry} />
        </Box>
      )}
      {empty ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        // Admin pages are short: grow with the rows and render every row of the page.
        <DataGrid
          label={title}
          rows={list.users}
          columns={shownColumns}
          // On a phone the rows grow, so a button's words may wrap instead of leaving the screen.
          getRowHeight={phone ? () => 'auto' : undefined}
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
          sx={{
            bgcolor: 'background.paper',
            ...(phone && { '& .MuiDataGrid-cell': { whiteSpace: 'normal', py: 1, lineHeight: 1.4 }, '& .MuiButton-root': { lineHeight: 1.3 } }),
          }}
        />
      )}
    </Box>
  );
}
