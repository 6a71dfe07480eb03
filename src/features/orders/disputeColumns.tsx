import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { formatDollars } from '../../lib/money';
import { formatMoment } from '../../lib/orders';
import type { Order } from '../../types/entities';

/** When the buyer reported the problem: the timeline's last `disputed` step. */
const reportedAt = (order: Order) => [...order.timeline].reverse().find((step) => step.state === 'disputed')?.at;

/** The admin's disputes: which book, who is on each side, how much, since when, and a way in. */
export const disputeColumns: GridColDef<Order>[] = [
  {
    field: 'bookName',
    headerName: copy.disputes.book,
    flex: 1,
    minWidth: 160,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={paths.order(row._id)}>
        {row.bookName}
      </Link>
    ),
  },
  { field: 'cusTomername', headerName: copy.disputes.buyer, flex: 1, minWidth: 120, sortable: false },
  { field: 'sellerName', headerName: copy.disputes.seller, flex: 1, minWidth: 120, sortable: false },
  {
    field: 'total',
    headerName: copy.disputes.total,
    width: 100,
    sortable: false,
    valueFormatter: (value: number | undefined) => (value === undefined ? '' : formatDollars(value)),
  },
  {
    field: 'reported',
    headerName: copy.disputes.since,
    width: 180,
    sortable: false,
    valueGetter: (_value, row) => reportedAt(row) ?? '',
    valueFormatter: (value: string) => (value ? formatMoment(value) : ''),
  },
];
