import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormik } from 'formik';
import { useId } from 'react';
import * as Yup from 'yup';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { wantsCopy } from './copy';

/** Dollars as the API takes them: digits with at most two decimals. */
const PRICE = /^\d{1,6}(\.\d{1,2})?$/;

const schema = Yup.object({
  maxPrice: Yup.string().trim().matches(PRICE, copy.search.badPrice),
});

interface Props {
  isbn: string;
  saving: boolean;
  /** Why the want was refused ("You already want this"). */
  error: string | null;
  /** Saves the want; rejects when the API refuses it (the dialog stays open and says why). */
  onSave(maxPrice: string | undefined): Promise<void>;
  onClose(): void;
}

/** An ISBN search that found nothing: the most the buyer would pay, if they say, then the want is saved. */
export default function WantIsbnDialog({ isbn, saving, error, onSave, onClose }: Props) {
  const id = useId();
  const formik = useFormik({
    initialValues: { maxPrice: '' },
    validationSchema: schema,
    onSubmit: async ({ maxPrice }) => {
      try {
        await onSave(maxPrice.trim() || undefined);
      } catch {
        // Said in the dialog.
      }
    },
  });
  const fieldError = (formik.touched.maxPrice && formik.errors.maxPrice) || undefined;

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-isbn`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{wantsCopy.tellMe}</DialogTitle>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <DialogContentText id={`${id}-isbn`}>{copy.search.isbn(isbn)}</DialogContentText>
          <FormTextField
            label={copy.search.maxPrice}
            {...formik.getFieldProps('maxPrice')}
            inputMode="decimal"
            error={Boolean(fieldError)}
            helperText={fieldError ?? wantsCopy.maxPriceHint}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {copy.admin.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {wantsCopy.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
