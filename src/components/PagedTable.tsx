import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { copy } from '../config/copy';
import { LoadFailed } from './LoadFailed';
import { SkeletonRows, type SkeletonCell } from './SkeletonRows';
import { stackedTableSx } from './stackedTable';
import { TableMore } from './TableMore';

export interface PagedColumn<Row> {
  /** The column's name: its header and, on phones, what leads each of its cells. */
  label: string;
  /** The header when it says more than the name (a hint under it). */
  header?: ReactNode;
  /** The shape of its placeholder while the first page loads. */
  skeleton: SkeletonCell;
  cell(row: Row, index: number): ReactNode;
}

/** What an infinite list query's hook tells the table (RTK Query's result, or any alike). */
export interface PagedListState {
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  error?: unknown;
  hasNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

/** A list that comes whole in one answer (a plain query's result): no later page to load. */
export const wholeList = (query: Pick<PagedListState, 'isLoading' | 'isFetching' | 'isError' | 'error' | 'refetch'>): PagedListState => ({
  isLoading: query.isLoading,
  isFetching: query.isFetching,
  isError: query.isError,
  error: query.error,
  refetch: query.refetch,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  hasNextPage: false,
  fetchNextPage: () => undefined,
});

interface Props<Row> {
  /** The table's accessible name (the page's title). */
  label: string;
  columns: readonly PagedColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  list: PagedListState;
  /** What failed, as a sentence, when the list could not be loaded. */
  failedText: string;
  /** What shows instead of the table when the list is empty (an `EmptyState`). */
  empty: ReactNode;
  /** Rows that highlight under the pointer. */
  hover?: boolean;
}

/**
 * A dashboard table that pages: a progress bar while the list (re)loads, placeholder rows in the
 * shape of the columns until the first page is in, the rows, and 'Load more' at its end. A list
 * that could not be loaded says so with Retry (never as an empty list); a later page that fails
 * keeps the rows and says so at the table's end. Below 600 px each row is a card.
 */
export function PagedTable<Row>({ label, columns, rows, rowKey, list, failedText, empty, hover = false }: Props<Row>) {
  const { isLoading } = list;
  // A later page that fails is the table end's business; so is its progress.
  const failed = list.isError && !list.isFetchNextPageError;
  const refreshing = list.isFetching && !list.isFetchingNextPage;
  const failure = failed && (
    <LoadFailed what={failedText} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
  );
  return (
    <>
      {refreshing && <LinearProgress aria-label={copy.loading} sx={{ mb: 1 }} />}
      {failed && rows.length === 0 ? (
        failure
      ) : !isLoading && rows.length === 0 ? (
        empty
      ) : (
        <>
          {/* A refetch that failed keeps the rows it had, and says so above them. */}
          {failure && <Box sx={{ mb: 1 }}>{failure}</Box>}
          <TableContainer component={Paper}>
            <Table aria-label={label} aria-busy={isLoading} sx={stackedTableSx}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.label}>{column.header ?? column.label}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading && <SkeletonRows columns={columns.map((column) => ({ label: column.label, cell: column.skeleton }))} />}
                {rows.map((row, index) => (
                  <TableRow key={rowKey(row)} hover={hover}>
                    {columns.map((column) => (
                      <TableCell key={column.label} data-label={column.label}>
                        {column.cell(row, index)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      <TableMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
