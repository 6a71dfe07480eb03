import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { usePageCursors, useRememberPageEnd } from '../../lib/usePageCursors';
import type { User } from '../../types/entities';
import type { UserListArgs, UserPage, UserSort } from './adminApi';

export const PAGE_SIZES = [10, 25, 50];

/** The columns the API sorts by. */
const SORTABLE = new Set(['name', 'email']);

function sortOf(model: GridSortModel): UserSort | undefined {
  const [first] = model;
  if (!first?.sort || !SORTABLE.has(first.field)) return undefined;
  return `${first.field}_${first.sort}` as UserSort;
}

const filterTextOf = (model: GridFilterModel) => (model.quickFilterValues ?? []).join(' ').trim();

/** What a list endpoint's hook gives the grid (`useGetSellersQuery`, `useGetBuyersQuery`). */
interface ListResult {
  data?: UserPage;
  currentData?: UserPage;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch(): unknown;
}
type UseList = (args: UserListArgs, options: { skip: boolean }) => ListResult;

export interface UserListGrid {
  users: User[];
  total: number;
  /** The first page has not arrived yet. */
  isLoading: boolean;
  /** Some page is on its way (a refetch after a change included). */
  isFetching: boolean;
  /** The page asked for now (a new page, order or filter) has not arrived yet. */
  isLoadingPage: boolean;
  /** A filter is set: an empty answer means no match, not an empty list. */
  isFiltered: boolean;
  /** The page asked for could not be loaded (after the retries): why, or null. */
  error: unknown;
  retry(): void;
  paginationModel: GridPaginationModel;
  sortModel: GridSortModel;
  filterModel: GridFilterModel;
  onPaginationModelChange(model: GridPaginationModel): void;
  onSortModelChange(model: GridSortModel): void;
  onFilterModelChange(model: GridFilterModel): void;
}

/**
 * The Data Grid's paging, sorting and quick filter, done by the API: a page is asked for with the
 * cursor the page before it handed out (remembered per page), so moving back and forth is exact.
 * A new order, filter or page size starts again at the first page.
 */
export function useUserListGrid(useList: UseList): UserListGrid {
  const pages = usePageCursors(PAGE_SIZES[1]);
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [], quickFilterValues: [] });
  const q = filterTextOf(filterModel);
  const list = useList(
    { limit: pages.paginationModel.pageSize, cursor: pages.cursor, sort: sortOf(sortModel), q: q || undefined },
    // A page whose start is unknown cannot be asked for: it goes back to the first.
    { skip: pages.skip },
  );
  useRememberPageEnd(pages, list.currentData !== undefined, list.currentData?.nextCursor ?? undefined);

  return {
    users: list.data?.users ?? [],
    total: list.data?.total ?? 0,
    isLoading: list.isLoading,
    isFetching: list.isFetching,
    isLoadingPage: list.isFetching && list.currentData === undefined,
    isFiltered: q !== '',
    error: list.isError ? list.error : null,
    retry: () => void list.refetch(),
    paginationModel: pages.paginationModel,
    sortModel,
    filterModel,
    onPaginationModelChange: pages.onPaginationModelChange,
    onSortModelChange: (model) => {
      setSortModel(model);
      pages.startOver();
    },
    onFilterModelChange: (model) => {
      setFilterModel(model);
      if (filterTextOf(model) !== q) pages.startOver();
    },
  };
}
