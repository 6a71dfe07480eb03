import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { usePageCursors, useRememberPageEnd } from '../../lib/usePageCursors';
import { READ_AGAIN_AFTER_SECONDS, useGetSellerBooksQuery } from './insightApi';
import type { BookInsight, BookSort, BookSortField, PeriodDays } from './types';

export const BOOK_PAGE_SIZES = [10, 25, 50];
/** The API's order when none is chosen: most viewed first. */
export const DEFAULT_SORT: GridSortModel = [{ field: 'views', sort: 'desc' }];
const SORTABLE = new Set<string>(['views', 'favourites', 'favouriteRate', 'offers', 'daysListed', 'price']);

/** The grid's order as the API's `sort` (`-views`: most first). */
export function bookSortOf(model: GridSortModel): BookSort {
  const [first] = model;
  if (!first?.sort || !SORTABLE.has(first.field)) return '-views';
  const field = first.field as BookSortField;
  return first.sort === 'desc' ? `-${field}` : field;
}

export interface BooksGrid {
  books: BookInsight[];
  total: number;
  isLoading: boolean;
  isFetching: boolean;
  /** The page asked for now has not arrived yet. */
  isLoadingPage: boolean;
  error: unknown;
  retry(): void;
  sort: BookSort;
  paginationModel: GridPaginationModel;
  sortModel: GridSortModel;
  onPaginationModelChange(model: GridPaginationModel): void;
  onSortModelChange(model: GridSortModel): void;
}

/**
 * The seller's books, paged and sorted by the API: a page is asked for with the cursor the page
 * before it handed out, so moving back and forth is exact. A new order or period starts again at
 * the first page.
 */
export function useBooksGrid(days: PeriodDays): BooksGrid {
  const pages = usePageCursors(BOOK_PAGE_SIZES[0]);
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const [shownDays, setShownDays] = useState(days);
  if (shownDays !== days) {
    // A new period: the cursors of the old one do not apply.
    setShownDays(days);
    pages.startOver();
  }
  const sort = bookSortOf(sortModel);
  const list = useGetSellerBooksQuery(
    { days, sort, limit: pages.paginationModel.pageSize, ...(pages.cursor !== undefined && { cursor: pages.cursor }) },
    { skip: pages.skip, refetchOnMountOrArgChange: READ_AGAIN_AFTER_SECONDS },
  );
  useRememberPageEnd(pages, list.currentData !== undefined, list.currentData?.nextCursor ?? undefined);
  return {
    books: list.data?.books ?? [],
    total: list.data?.total ?? 0,
    isLoading: list.isLoading,
    isFetching: list.isFetching,
    isLoadingPage: list.isFetching && list.currentData === undefined,
    error: list.isError ? list.error : null,
    retry: () => void list.refetch(),
    sort,
    paginationModel: pages.paginationModel,
    sortModel,
    onPaginationModelChange: pages.onPaginationModelChange,
    onSortModelChange: (model) => {
      setSortModel(model);
      pages.startOver();
    },
  };
}
