import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/storeShell';
import type { NewProduct } from './productsApi';

/** The form's fields; the photos' URLs come from the uploads. */
export type ProductDraft = Omit<NewProduct, 'image'>;

/** A photo after the cover: on the image host already, or a chosen file handed over under `key` (`chosenFiles.ts`). */
export type MorePhoto = { url: string } | { key: string };

/**
 * The product form's submit: a new listing, or a change to listing `productId`. The cover is
 * `image` (a chosen file, uploaded first) or `imageUrl` (a photo on the image host already); the
 * other photos follow in `more`, in order. An edit that left its photos alone names none of them.
 */
export interface AddProductRequest {
  product: ProductDraft;
  image: File | null;
  imageUrl?: string;
  more?: MorePhoto[];
  productId?: string;
}

/** Whether the save starts with uploads (some photo is a chosen file). */
export const uploadsFiles = (request: AddProductRequest): boolean =>
  Boolean(request.image) || (request.more ?? []).some((photo) => 'key' in photo);

/** `cancelled`: the seller stopped the upload; the form keeps what was typed. */
export type AddProductStatus = 'idle' | 'uploading' | 'saving' | 'failed' | 'cancelled';

export interface AddProductState {
  status: AddProductStatus;
  error: string | null;
  /** How much of the photo being sent has gone out, in percent; null until the browser says. */
  uploadPercent: number | null;
}

const initialState: AddProductState = { status: 'idle', error: null, uploadPercent: null };

const addProductSlice = createSlice({
  name: 'addProduct',
  initialState,
  reducers: {
    addProductRequested(state, action: PayloadAction<AddProductRequest>) {
      state.status = uploadsFiles(action.payload) ? 'uploading' : 'saving';
      state.error = null;
      state.uploadPercent = null;
    },
    /** `place`: the photo's place in the save (0, the cover). */
    imageUploadProgressed(state, action: PayloadAction<{ place: number; percent: number }>) {
      if (state.status === 'uploading') state.uploadPercent = action.payload.percent;
    },
    /** Every chosen file is up: the product is saved next. */
    productImageUploaded(state) {
      state.status = 'saving';
      state.uploadPercent = null;
    },
    /** Added, or changed. */
    productAdded() {
      return initialState;
    },
    /** Stop the image upload under way (the post has not been sent yet). */
    addProductCancelled(state) {
      if (state.status !== 'uploading') return;
      state.status = 'cancelled';
      state.error = null;
      state.uploadPercent = null;
    },
    addProductFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
      state.uploadPercent = null;
    },
    /** Opening the form again starts from a clean slate. */
    addProductReset() {
      return initialState;
    },
  },
  selectors: {
    selectAddProduct: (state) => state,
  },
});

export const {
  addProductRequested,
  imageUploadProgressed,
  productImageUploaded,
  productAdded,
  addProductFailed,
  addProductReset,
  addProductCancelled,
} =
  addProductSlice.actions;
// In the store with the API layer, whose listeners run the flow: the first script does not carry it.
export const { selectAddProduct } = addProductSlice.injectInto(rootReducer).selectors;
