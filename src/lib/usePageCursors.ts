import type { GridPaginationModel } from '@mui/x-data-grid';
import { useEffect, useState } from 'react';

/** Where the page the grid shows starts, for a list the API pages by cursor. */
export interface PageCursors {
  paginationModel: GridPaginationModel;
  /** The cursor to ask the page with (undefined for the first). */
  cursor: string | undefined;
  /** The page's start is unknown (say, after a reload on a later page): do not ask for it. */
  skip: boolean;
  /** Back to the first page, forgetting every start (a new order or filter). */
  startOver(): void;
  /** The grid's paging changed; a new page size starts again at the first page. */
  onPaginationModelChange(model: GridPaginationModel): void;
}

/**
 * A Data Grid's pages over a list the API pages by cursor: a page is asked for with the cursor
 * the page before it handed out, remembered per page, so moving back and forth is exact. Call
 * `useRememberPageEnd` with each answer.
 */
export function usePageCursors(firstPageSize: number): PageCursors & { remember(page: number, next: string | undefined): void } {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({ page: 0, pageSize: firstPageSize });
  // cursors[n] is where page n starts; page 0 needs none.
  const [cursors, setCursors] = useState<Array<string | undefined>>([]);
  const { page, pageSize } = paginationModel;
  const cursor = page === 0 ? undefined : cursors[page];
  return {
    paginationModel,
    cursor,
    skip: page > 0 && cursor === undefined,
    startOver() {
      setCursors([]);
      setPaginationModel((model) => ({ ...model, page: 0 }));
    },
    onPaginationModelChange(model) {
      if (model.pageSize !== pageSize) {
        setCursors([]);
        setPaginationModel({ page: 0, pageSize: model.pageSize });
      } else {
        setPaginationModel(model);
      }
    },
    remember(at, next) {
      // A page that ends elsewhere now (a row came or went) moves where every later page starts.
      setCursors((known) => {
        if (known[at + 1] === next) return known;
        const updated = known.slice(0, at + 1);
        updated[at + 1] = next;
        return updated;
      });
    },
  };
}

/**
 * Keeps where the next page starts once the page shown has arrived; a page whose start is
 * unknown goes back to the first.
 */
export function useRememberPageEnd(
  pages: ReturnType<typeof usePageCursors>,
  arrived: boolean,
  nextCursor: string | undefined,
): void {
  const { page } = pages.paginationModel;
  const { skip } = pages;
  useEffect(() => {
    if (skip) {
      pages.startOver();
      return;
    }
    if (arrived) pages.remember(page, nextCursor);
    // `pages` is a new object each render; what matters is the page, its answer and its start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, skip, arrived, nextCursor]);
}
