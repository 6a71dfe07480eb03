import { baseApi } from '../../api/baseApi';

export type ImportState = 'checking' | 'checked' | 'applying' | 'applied' | 'failed' | 'discarded';
export type Delivery = 'meetup' | 'shipping' | 'both';

/** An inventory import, as `GET /inventory/imports/:id` answers it and `event: import` carries it. */
export interface InventoryImport {
  id: string;
  state: ImportState;
  fileName?: string;
  rows: number;
  counts: { new: number; updated: number; unchanged: number; withdrawn: number; invalid: number };
  progress: { done: number; total: number };
  createdAt: string;
  appliedAt?: string;
  /** Why a `failed` import stopped. */
  failure?: string;
}

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

export interface InventoryDefaults {
  phone: string | null;
  location: string | null;
  delivery: Delivery | null;
  category: string | null;
}

/** How often the page reads the imports again while one is checked or applied. */
export const RUNNING_POLL_MS = 5_000;

/** How many row errors the page shows; the CSV has them all. */
export const ERRORS_SHOWN = 100;

export const inventoryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The seller's imports, newest first (the live stream keeps them current). */
    getImports: build.query<InventoryImport[], void>({
      query: () => '/inventory/imports',
      providesTags: [{ type: 'InventoryImport', id: 'LIST' }],
    }),
    getImportErrors: build.query<ImportError[], string>({
      query: (id) => ({ url: `/inventory/imports/${encodeURIComponent(id)}/errors`, params: { limit: ERRORS_SHOWN } }),
      providesTags: (_result, _error, id) => [{ type: 'InventoryImport', id }],
    }),
    /** A file picked or dropped: read and stored by the API, then checked in the background. */
    uploadInventory: build.mutation<InventoryImport, { file: File; replace: boolean }>({
      query: ({ file, replace }) => {
        const body = new FormData();
        if (replace) body.append('replace', 'true');
        body.append('file', file, file.name);
        return { url: '/inventory/imports', method: 'POST', body };
      },
      extraOptions: { maxRetries: 0 },
      invalidatesTags: [{ type: 'InventoryImport', id: 'LIST' }],
    }),
    applyImport: build.mutation<InventoryImport, string>({
      query: (id) => ({ url: `/inventory/imports/${encodeURIComponent(id)}/apply`, method: 'POST' }),
      invalidatesTags: [{ type: 'InventoryImport', id: 'LIST' }],
    }),
    discardImport: build.mutation<InventoryImport, string>({
      query: (id) => ({ url: `/inventory/imports/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'InventoryImport', id: 'LIST' }],
    }),
    getInventoryDefaults: build.query<InventoryDefaults, void>({
      query: () => '/inventory/defaults',
      providesTags: ['InventoryDefaults'],
    }),
    saveInventoryDefaults: build.mutation<InventoryDefaults, InventoryDefaults>({
      query: (defaults) => ({ url: '/inventory/defaults', method: 'PUT', body: defaults }),
      invalidatesTags: ['InventoryDefaults'],
    }),
    /** A CSV file the API makes (the inventory, an import's errors); the inventory listeners save it. */
    downloadInventoryCsv: build.mutation<string, { url: string; name: string }>({
      query: ({ url }) => ({ url, headers: { accept: 'text/csv' }, responseHandler: 'content-type' }),
    }),
  }),
});

export const {
  useGetImportsQuery,
  useGetImportErrorsQuery,
  useUploadInventoryMutation,
  useApplyImportMutation,
  useDiscardImportMutation,
  useGetInventoryDefaultsQuery,
  useSaveInventoryDefaultsMutation,
  useDownloadInventoryCsvMutation,
} = inventoryApi;
