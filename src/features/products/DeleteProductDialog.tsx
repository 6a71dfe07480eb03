import { errorMessage } from '../../api/baseApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import type { Product } from './types';
import { useDeleteProductMutation } from './productsApi';

interface Props {
  product: Product | null;
  onClose(): void;
}

/** Asks before a product goes; the list refreshes itself once the delete succeeds. */
export function DeleteProductDialog({ product, onClose }: Props) {
  const [deleteProduct, { isLoading, error, reset }] = useDeleteProductMutation();
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    if (!product) return;
    try {
      await deleteProduct(product._id).unwrap();
      close();
    } catch {
      // The message shows in the dialog; the user may retry or cancel.
    }
  };
  return (
    <ConfirmDialog
      open={Boolean(product)}
      title={copy.products.deleteTitle}
      message={`${copy.products.deleteMessage}${product?.name ?? ''}`}
      warning={product?.openBookings ? productsCopy.deleteAffects(product.openBookings) : null}
      confirmLabel={copy.products.deleteConfirm}
      cancelLabel={copy.products.cancel}
      busy={isLoading}
      error={error ? errorMessage(error, copy.errors.generic) : null}
      onConfirm={confirm}
      onCancel={close}
    />
  );
}
