import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessage } from '../../api/baseApi';
import { copy } from '../../config/copy';
import type { Product } from '../../types/entities';
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
    <Dialog
      open={Boolean(product)}
      onClose={isLoading ? undefined : close}
      aria-labelledby="delete-product-title"
      aria-describedby="delete-product-message"
    >
      <DialogTitle id="delete-product-title">{copy.products.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-product-message">
          {copy.products.deleteMessage}
          {product?.name}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(error, copy.errors.generic)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          {copy.products.deleteConfirm}
        </Button>
        <Button onClick={close} disabled={isLoading}>
          {copy.products.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
