import type { GridSortModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { usePageCursors, useRememberPageEnd } from '../../lib/usePageCursors';
import type { ReportKind, ReportReason } from './types';
import { useGetReportsQuery, type ReportSort, type ReportState } from './reportsApi';

export const PAGE_SIZES = [10, 25, 50];

/** What the queue is narrowed to; '' is any. */
export interface ReportFilters {
  state: ReportState | '';
  kind: ReportKind | '';
  reason: ReportReason | '';
}

/** The open reports first: the admins' work. */
export const INITIAL_FILTERS: ReportFilters = { state: 'open', kind: '', reason: '' };

/** The grid's column the API orders by (when the report was made), newest first unless asked otherwise. */
export const SORT_FIELD = 'at';
const INITIAL_SORT: GridSortModel = [{ field: SORT_FIELD, sort: 'desc' }];

const sortOf = (model: GridSortModel): ReportSort => (model[0]?.field === SORT_FIELD && model[0].sort === 'asc' ? 'created_asc' : 'created_desc');

/**
 * The admins' queue in a Data Grid: paged, filtered and ordered by the API. A page is asked for
 * with the cursor the page before it handed out (remembered per page); a new filter, order or
 * page size starts again at the first page.
 */
export function useReportsGrid() {
  const pages = usePageCursors(PAGE_SIZES[1]);
  const [filters, setFilters] = useState<ReportFilters>(INITIAL_FILTERS);
  const [sortModel, setSortModel] = useState<GridSortModel>(INITIAL_SORT);
  const list = useGetReportsQuery(
    {
      limit: pages.paginationModel.pageSize,
      cursor: pages.cursor,
      state: filters.state || undefined,
      kind: filters.kind || undefined,
      reason: filters.reason || undefined,
      sort: sortOf(sortModel),
    },
    { skip: pages.skip },
  );
  useRememberPageEnd(pages, list.currentData !== undefined, list.currentData?.nextCursor ?? undefined);

  return {
    reports: list.data?.reports ?? [],
    total: list.data?.total ?? 0,
    isLoading: list.isLoading,
    isFetching: list.isFetching,
    /** The page asked for now (a new page, order or filter) has not arrived yet. */
    isLoadingPage: list.isFetching && list.currentData === undefined,
    error: list.isError ? list.error : null,
    retry: () => void list.refetch(),
    filters,
    paginationModel: pages.paginationModel,
    sortModel,
    onPaginationModelChange: pages.onPaginationModelChange,
    onFiltersChange(next: ReportFilters) {
      setFilters(next);
      pages.startOver();
    },
    onSortModelChange(model: GridSortModel) {
      // The grid cycles desc → asc → none; none is the API's default, newest first.
      setSortModel(model.length > 0 ? model : INITIAL_SORT);
      pages.startOver();
    },
  };
}

export type ReportsGrid = ReturnType<typeof useReportsGrid>;
