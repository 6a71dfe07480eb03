import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { addProductCancelled, addProductRequested, addProductReset, selectAddProduct, type AddProductRequest } from './addProductSlice';
import { handOverFiles } from './chosenFiles';
import { isbnLookupReset, selectIsbnLookup } from './isbnLookupSlice';
import { selectPhotoUploads } from './photoUploadsSlice';
import { isbnLookupRequested } from './productFormEvents';

/**
 * What the product form shows of its flows (saving, each photo's upload, the ISBN lookup) and the
 * actions it hands them; a form opened afresh starts from a clean slate.
 */
export function useProductFormFlow() {
  const dispatch = useAppDispatch();
  const { status, error, uploadPercent } = useAppSelector(selectAddProduct);
  const photoUploads = useAppSelector(selectPhotoUploads);
  const lookup = useAppSelector(selectIsbnLookup);

  // A failure or a lookup left from an earlier visit does not belong to this form.
  useEffect(() => {
    dispatch(addProductReset());
    dispatch(isbnLookupReset());
  }, [dispatch]);

  return {
    status,
    error,
    uploadPercent,
    photoUploads,
    lookup,
    onSubmit: (request: AddProductRequest, files: Map<string, File>) => {
      handOverFiles(files);
      dispatch(addProductRequested(request));
    },
    onCancel: () => dispatch(addProductCancelled()),
    onLookUp: (isbn13: string) => dispatch(isbnLookupRequested(isbn13)),
  };
}
