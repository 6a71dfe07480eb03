import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/storeShell';
import {
  addProductCancelled,
  addProductFailed,
  addProductRequested,
  addProductReset,
  imageUploadProgressed,
  productAdded,
} from './addProductSlice';

/** One chosen file of the save under way: queued, going out (percent once the browser says), up, or refused. */
export interface PhotoUploadState {
  status: 'waiting' | 'sending' | 'sent' | 'failed';
  percent: number | null;
}

/** The chosen files of the save under way, by their place in it (0, the cover). */
export type PhotoUploadsState = Record<number, PhotoUploadState>;

declare module '../../app/storeShell' {
  interface LazyLoadedSlices {
    photoUploads: PhotoUploadsState;
  }
}

const initialState: PhotoUploadsState = {};

const photoUploadsSlice = createSlice({
  name: 'photoUploads',
  initialState,
  reducers: {
    photoUploaded(state, action: PayloadAction<number>) {
      state[action.payload] = { status: 'sent', percent: 100 };
    },
    photoUploadFailed(state, action: PayloadAction<number>) {
      state[action.payload] = { status: 'failed', percent: null };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(addProductRequested, (_state, { payload }) => {
        const queued: PhotoUploadsState = {};
        if (payload.image) queued[0] = { status: 'waiting', percent: null };
        payload.more?.forEach((photo, index) => {
          if ('key' in photo) queued[index + 1] = { status: 'waiting', percent: null };
        });
        return queued;
      })
      .addCase(imageUploadProgressed, (state, { payload }) => {
        if (state[payload.place]?.status === 'waiting' || state[payload.place]?.status === 'sending') {
          state[payload.place] = { status: 'sending', percent: payload.percent };
        }
      })
      // A failed save keeps saying which photo failed; what was queued behind it is not under way any more.
      .addCase(addProductFailed, (state) =>
        Object.fromEntries(Object.entries(state).filter(([, upload]) => upload.status === 'failed')),
      )
      .addCase(addProductCancelled, () => initialState)
      .addCase(productAdded, () => initialState)
      .addCase(addProductReset, () => initialState);
  },
  selectors: {
    selectPhotoUploads: (state) => state,
  },
});

export const { photoUploaded, photoUploadFailed } = photoUploadsSlice.actions;
// In the store with the product form (and its flows), like the ISBN lookup's slice.
export const { selectPhotoUploads } = photoUploadsSlice.injectInto(rootReducer).selectors;
