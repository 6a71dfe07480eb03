import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A column of a chart's table: its heading and how a row's cell reads. */
export interface FigureColumn<Row> {
  key: string;
  label: string;
  cell(row: Row): string;
  /** Figures align right, so digits line up. */
  numeric?: boolean;
}

/** A chart's numbers as a table, named like its chart; the first column heads each row. */
export function FigureTable<Row>({ label, columns, rows, rowKey }: { label: string; columns: FigureColumn<Row>[]; rows: Row[]; rowKey(row: Row): string }) {
  return (
    // Scrolls inside itself on a narrow screen rather than the page sideways; reachable by keyboard to scroll.
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ maxHeight: 420, overflow: 'auto' }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column, index) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  {...(index === 0 && { component: 'th' as const, scope: 'row' })}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
