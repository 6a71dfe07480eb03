import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/storeShell';
import { isbnLookupRequested } from './productFormEvents';

/** What a lookup found, as the product form's fields: the title is the product's name. */
export interface LookedUpBook {
  isbn: string;
  name: string;
  author: string;
  /** A URL on the shop's own image host: usable as the listing's photo as it is. */
  cover?: string;
}

export type IsbnLookupStatus = 'idle' | 'looking' | 'found' | 'failed';

export interface IsbnLookupState {
  status: IsbnLookupStatus;
  /** The latest find; the form fills itself in once per find. */
  found: LookedUpBook | null;
  /** Why nothing was filled in, in words. */
  error: string | null;
}

const initialState: IsbnLookupState = { status: 'idle', found: null, error: null };

const isbnLookupSlice = createSlice({
  name: 'isbnLookup',
  initialState,
  reducers: {
    isbnLookedUp(state, action: PayloadAction<LookedUpBook>) {
      state.status = 'found';
      state.found = action.payload;
      state.error = null;
    },
    isbnLookupFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** A form opened afresh has looked nothing up. */
    isbnLookupReset() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(isbnLookupRequested, (state) => {
      state.status = 'looking';
      state.error = null;
    });
  },
  selectors: {
    selectIsbnLookup: (state) => state,
  },
});

// In the store with the product form's chunk: the first script does not carry it.
const injected = isbnLookupSlice.injectInto(rootReducer);

export const { isbnLookedUp, isbnLookupFailed, isbnLookupReset } = isbnLookupSlice.actions;
export const { selectIsbnLookup } = injected.selectors;
