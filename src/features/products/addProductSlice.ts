import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NewProduct } from './productsApi';

/** The form's fields; the image URL comes from the upload. */
export type ProductDraft = Omit<NewProduct, 'image'>;

export interface AddProductRequest {
  product: ProductDraft;
  image: File;
}

export type AddProductStatus = 'idle' | 'uploading' | 'saving' | 'failed';

export interface AddProductState {
  status: AddProductStatus;
  error: string | null;
}

const initialState: AddProductState = { status: 'idle', error: null };

const addProductSlice = createSlice({
  name: 'addProduct',
  initialState,
  reducers: {
    addProductRequested(state, _action: PayloadAction<AddProductRequest>) {
      state.status = 'uploading';
      state.error = null;
    },
    productImageUploaded(state) {
      state.status = 'saving';
    },
    productAdded() {
      return initialState;
    },
    addProductFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
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

export const { addProductRequested, productImageUploaded, productAdded, addProductFailed, addProductReset } =
  addProductSlice.actions;
export const { selectAddProduct } = addProductSlice.selectors;
export default addProductSlice.reducer;
