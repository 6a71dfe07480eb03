import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** What a column's cells hold, so its placeholder has that shape. */
export type SkeletonCell = 'index' | 'text' | 'image' | 'avatar' | 'icon' | 'button' | 'chip';

export interface SkeletonColumn {
  /** The column's name: on phones each placeholder line is led by it, as the real rows are. */
  label: string;
  cell: SkeletonCell;
}

function CellSkeleton({ cell }: { cell: SkeletonCell }) {
  switch (cell) {
    case 'index':
      return <Skeleton variant="text" width="1.5rem" />;
    case 'image':
      return <Skeleton variant="rounded" width={56} height={56} />;
    case 'avatar':
      return <Skeleton variant="rounded" width={40} height={40} />;
    case 'icon':
      return <Skeleton variant="circular" width={40} height={40} />;
    case 'button':
      return <Skeleton variant="rounded" width={72} height={30} />;
    case 'chip':
      return <Skeleton variant="rounded" width={56} height={24} sx={{ borderRadius: 4 }} />;
    case 'text':
      return <Skeleton variant="text" sx={{ width: { xs: '8rem', sm: '80%' }, maxWidth: '12rem' }} />;
  }
}

interface Props {
  columns: readonly SkeletonColumn[];
  rows?: number;
}

/**
 * Placeholder rows for a table whose rows are on their way, inside its `<TableBody>`: each cell
 * has the shape of what will fill it and carries its column's name as the real cells do, so a
 * table styled by `stackedTableSx` shows them as cards on phones. Hidden from screen readers:
 * the page's progress bar says that it loads.
 */
export function SkeletonRows({ columns, rows = 3 }: Props) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <TableRow key={row} aria-hidden="true">
          {columns.map((column) => (
            <TableCell key={column.label} data-label={column.label}>
              <CellSkeleton cell={column.cell} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}
