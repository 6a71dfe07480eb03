import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';
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
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[1] });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [], quickFilterValues: [] });
  // cursors[n] is where page n starts; page 0 needs none.
  const [cursors, setCursors] = useState<Array<string | undefined>>([]);

  const { page, pageSize } = paginationModel;
  const cursor = page === 0 ? undefined : cursors[page];
  const q = filterTextOf(filterModel);
  const list = useList(
    { limit: pageSize, cursor, sort: sortOf(sortModel), q: q || undefined },
    // A page whose start is unknown cannot be asked for; the effect below goes back to the first.
    { skip: page > 0 && cursor === undefined },
  );

  const arrived = list.currentData !== undefined;
  const nextCursor = list.currentData?.nextCursor ?? undefined;
  useEffect(() => {
    if (page > 0 && cursor === undefined) {
      setPaginationModel((model) => ({ ...model, page: 0 }));
      return;
    }
    if (!arrived) return;
    // A page that ends elsewhere now (a row came or went) moves where every later page starts.
    setCursors((known) => {
      if (known[page + 1] === nextCursor) return known;
      const updated = known.slice(0, page + 1);
      updated[page + 1] = nextCursor;
      return updated;
    });
  }, [page, cursor, arrived, nextCursor]);

  const startOver = () => {
    setCursors([]);
    setPaginationModel((model) => ({ ...model, page: 0 }));
  };

  return {
    users: list.data?.users ?? [],
    total: list.data?.total ?? 0,
    isLoading: list.isLoading,
    isFetching: list.isFetching,
    isLoadingPage: list.isFetching && list.currentData === undefined,
    isFiltered: q !== '',
    error: list.isError ? list.error : null,
    retry: () => void list.refetch(),
    paginationModel,
    sortModel,
    filterModel,
    onPaginationModelChange: (model) => {
      if (model.pageSize !== pageSize) {
        setCursors([]);
        setPaginationModel({ page: 0, pageSize: model.pageSize });
      } else {
        setPaginationModel(model);
      }
    },
    onSortModelChange: (model) => {
      setSortModel(model);
      startOver();
    },
    onFilterModelChange: (model) => {
      setFilterModel(model);
      if (filterTextOf(model) !== q) startOver();
    },
  };
}
