import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/storeShell';
import type { NewProduct } from './productsApi';

/** The form's fields; the image URL comes from the upload. */
export type ProductDraft = Omit<NewProduct, 'image'>;

/**
 * The product form's submit: a new listing, or a change to listing `productId`. A chosen `image`
 * is uploaded first; without one, `imageUrl` (a looked-up cover) is the photo, and an edit keeps
 * the one it has.
 */
export interface AddProductRequest {
  product: ProductDraft;
  image: File | null;
  imageUrl?: string;
  productId?: string;
}

/** `cancelled`: the seller stopped the upload; the form keeps what was typed. */
export type AddProductStatus = 'idle' | 'uploading' | 'saving' | 'failed' | 'cancelled';

export interface AddProductState {
  status: AddProductStatus;
  error: string | null;
  /** How much of the image has been sent, in percent; null until the browser says. */
  uploadPercent: number | null;
}

const initialState: AddProductState = { status: 'idle', error: null, uploadPercent: null };

const addProductSlice = createSlice({
  name: 'addProduct',
  initialState,
  reducers: {
    addProductRequested(state, action: PayloadAction<AddProductRequest>) {
      state.status = action.payload.image ? 'uploading' : 'saving';
      state.error = null;
      state.uploadPercent = null;
    },
    imageUploadProgressed(state, action: PayloadAction<number>) {
      if (state.status === 'uploading') state.uploadPercent = action.payload;
    },
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
