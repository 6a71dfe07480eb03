import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatUsd } from '../../lib/money';
import { insightCopy } from './copy';
import { formatFigure, formatShare } from './figures';
import type { BookInsight } from './types';

const words = insightCopy.books;
const figure = { type: 'number', filterable: false, disableColumnMenu: true, minWidth: 96, flex: 0.6 } as const;
const count = (value: number) => formatFigure(value, 'count');

/** The seller's books: each figure sorts on the API (the field is the API's sort key); the name does not sort. */
export const bookColumns: GridColDef<BookInsight>[] = [
  {
    field: 'name',
    headerName: words.name,
    sortable: false,
    filterable: false,
    disableColumnMenu: true,
    flex: 2,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={paths.book(row.bookId)}>
        {row.name}
      </Link>
    ),
  },
  { ...figure, field: 'price', headerName: words.price, valueFormatter: (value: number) => formatUsd(value) },
  { ...figure, field: 'views', headerName: words.views, valueFormatter: count },
  { ...figure, field: 'favourites', headerName: words.favourites, valueFormatter: count },
  { ...figure, field: 'favouriteRate', headerName: words.favouriteRate, minWidth: 150, valueFormatter: (value: number) => formatShare(value) },
  { ...figure, field: 'offers', headerName: words.offers, valueFormatter: count },
  { ...figure, field: 'daysListed', headerName: words.daysListed, minWidth: 120, valueFormatter: count },
];
