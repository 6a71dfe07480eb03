import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { reportsCopy } from './copy';
import { formatMoment } from '../../lib/orders';
import type { AdminReport } from './types';
import { ActionsCell, HistoryCell, ReasonCell, ReportedCell, ReporterCell, StateCell, UserCell, type OnDecide } from './reportCells';
import { SORT_FIELD } from './useReportsGrid';

const fixed = { sortable: false, filterable: false, disableColumnMenu: true } as const;

/** When it was reported: the one column the API orders by (newest or oldest first). */
const atColumn: GridColDef<AdminReport> = {
  field: SORT_FIELD,
  headerName: reportsCopy.at,
  width: 150,
  filterable: false,
  disableColumnMenu: true,
  sortingOrder: ['desc', 'asc'],
  valueFormatter: (value: string | undefined) => (value ? formatMoment(value) : ''),
};

/** The queue at desktop widths: one column for each part of a report. */
export function reportColumns(onDecide: OnDecide): GridColDef<AdminReport>[] {
  return [
    atColumn,
    { ...fixed, field: 'target', headerName: reportsCopy.what, flex: 1.4, minWidth: 180, renderCell: ({ row }) => <ReportedCell report={row} /> },
    { ...fixed, field: 'user', headerName: reportsCopy.user, flex: 1, minWidth: 170, renderCell: ({ row }) => <UserCell report={row} onDecide={onDecide} /> },
    { ...fixed, field: 'reporter', headerName: reportsCopy.reporter, flex: 1, minWidth: 150, renderCell: ({ row }) => <ReporterCell report={row} /> },
    { ...fixed, field: 'reason', headerName: reportsCopy.reason, flex: 1.2, minWidth: 160, renderCell: ({ row }) => <ReasonCell report={row} /> },
    { ...fixed, field: 'state', headerName: reportsCopy.state, width: 110, renderCell: ({ row }) => <StateCell report={row} /> },
    { ...fixed, field: 'actions', headerName: reportsCopy.history, flex: 1.2, minWidth: 180, renderCell: ({ row }) => <HistoryCell report={row} /> },
    { ...fixed, field: '__decide', headerName: reportsCopy.actions, width: 190, renderCell: ({ row }) => <ActionsCell report={row} onDecide={onDecide} /> },
  ];
}

/** A part of the report under its name, for the phone's one-column view. */
function Part({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Box>
      <Box component="span" sx={{ fontWeight: 600, color: 'text.secondary', fontSize: '0.8rem' }}>
        {name}
      </Box>
      {children}
    </Box>
  );
}

/**
 * The queue on a phone: the whole report in one column, each part under its name, and the
 * buttons beside it, so every action is on screen without scrolling the grid sideways.
 */
export function compactReportColumns(onDecide: OnDecide): GridColDef<AdminReport>[] {
  return [
    {
      ...atColumn,
      // Ordered by when they were reported, as at desktop widths.
      width: undefined,
      flex: 1,
      minWidth: 0,
      valueFormatter: undefined,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'grid', gap: 1, py: 1, minWidth: 0, whiteSpace: 'normal' }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <StateCell report={row} />
            <Box component="span" sx={{ fontSize: '0.8rem' }}>
              {formatMoment(row.at)}
            </Box>
          </Box>
          <ReportedCell report={row} />
          <Part name={reportsCopy.reason}>
            <ReasonCell report={row} />
          </Part>
          {row.user && (
            <Part name={reportsCopy.user}>
              <UserCell report={row} onDecide={onDecide} />
            </Part>
          )}
          <Part name={reportsCopy.reporter}>
            <ReporterCell report={row} />
          </Part>
          {row.actions.length > 0 && (
            <Part name={reportsCopy.history}>
              <HistoryCell report={row} />
            </Part>
          )}
        </Box>
      ),
    },
    {
      ...fixed,
      field: '__decide',
      headerName: reportsCopy.actions,
      width: 104,
      renderCell: ({ row }) => <ActionsCell report={row} onDecide={onDecide} />,
    },
  ];
}
