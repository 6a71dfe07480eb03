import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataGrid } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { copy } from '../../config/copy';
import { reportsCopy } from './copy';
import { ModerationDialog, type Decision } from './ModerationDialog';
import { compactReportColumns, reportColumns } from './reportColumns';
import { ReportFiltersBar } from './ReportFiltersBar';
import { PAGE_SIZES, useReportsGrid } from './useReportsGrid';
import { useFeatureListeners } from '../../app/featureListeners';
import { addReportListeners } from './reportsListeners';

/**
 * Admins: the reports, newest first, a page at a time from the API, narrowed by state, kind and
 * reason. Each row says what was reported, whom it concerns, who reported it and why, and what was
 * done so far; each decision (hide, suspend, delete, dismiss, lift a suspension) asks for a reason.
 */
export function Component() {
  useFeatureListeners(addReportListeners);
  const grid = useReportsGrid();
  const [decision, setDecision] = useState<Decision | null>(null);
  // The dashboard is never prerendered, so the width may be read on the first render.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => {
    const decide = (report: Decision['report'], action: Decision['action']) => setDecision({ report, action });
    return phone ? compactReportColumns(decide) : reportColumns(decide);
  }, [phone]);
  const failed = grid.error !== null;
  const empty = !grid.isLoading && !failed && grid.total === 0;

  return (
    <Box>
      <Typography variant="h2" component="h1" gutterBottom>
        {reportsCopy.title}
      </Typography>
      <ReportFiltersBar filters={grid.filters} onChange={grid.onFiltersChange} />
      {grid.isFetching && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed && (
        <Box sx={{ mb: 1 }}>
          <LoadFailed what={reportsCopy.failed} error={grid.error} retrying={grid.isFetching} onRetry={grid.retry} />
        </Box>
      )}
      {empty ? (
        <Typography color="text.secondary">{reportsCopy.empty}</Typography>
      ) : (
        <DataGrid
          label={reportsCopy.title}
          rows={grid.reports}
          columns={columns}
          getRowId={(report) => report._id}
          getRowHeight={() => 'auto'}
          loading={grid.isLoading || grid.isLoadingPage}
          autoHeight
          disableVirtualization
          disableRowSelectionOnClick
          disableColumnFilter
          paginationMode="server"
          sortingMode="server"
          rowCount={grid.total}
          pageSizeOptions={PAGE_SIZES}
          paginationModel={grid.paginationModel}
          onPaginationModelChange={grid.onPaginationModelChange}
          sortModel={grid.sortModel}
          onSortModelChange={grid.onSortModelChange}
          sx={{
            bgcolor: 'background.paper',
            '& .MuiDataGrid-cell': { py: 1, whiteSpace: 'normal', lineHeight: 1.4, alignItems: 'flex-start' },
            '& .MuiButton-root': { lineHeight: 1.3 },
          }}
        />
      )}
      <ModerationDialog decision={decision} onClose={() => setDecision(null)} />
    </Box>
  );
}
