import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormik } from 'formik';
import { useId, type ChangeEvent } from 'react';
import * as Yup from 'yup';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { formatUsd } from '../../lib/money';
import { amountBetween, dollarsOf } from './amounts';
import { offersCopy } from './copy';
import { useCounterOfferMutation } from './offersApi';

interface Props {
  offerId: string;
  /** The amounts a counter may be, both excluded (dollars), as the history says; the API has the last word. */
  range: { above: number; below: number };
  open: boolean;
  onClose(): void;
}

/** A counter's amount, in its range (said), sent once; a refusal (the range moved, the offer expired) is said here. */
export default function CounterDialog({ offerId, range, open, onClose }: Props) {
  const id = useId();
  const [counter, { isLoading, error, reset }] = useCounterOfferMutation();
  const rangeWords = offersCopy.counterRange(formatUsd(range.above), formatUsd(range.below));
  const formik = useFormik({
    initialValues: { amount: '' },
    validationSchema: Yup.object({
      amount: amountBetween(range.above, range.below, offersCopy.errors.counterRange(formatUsd(range.above), formatUsd(range.below))),
    }),
    onSubmit: async ({ amount }, helpers) => {
      try {
        await counter({ id: offerId, amount: dollarsOf(amount) }).unwrap();
        helpers.resetForm();
        onClose();
      } catch {
        // Said in the dialog.
      }
    },
  });
  const close = () => {
    if (isLoading) return;
    reset();
    formik.resetForm();
    onClose();
  };
  const shown = (formik.touched.amount && formik.errors.amount) || undefined;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{offersCopy.counterTitle}</DialogTitle>
      <form onSubmit={(event) => (formik.isSubmitting ? event.preventDefault() : formik.handleSubmit(event))} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <DialogContentText>{rangeWords}</DialogContentText>
          <FormTextField
            label={offersCopy.counterAmount}
            inputMode="decimal"
            autoComplete="off"
            required
            {...formik.getFieldProps('amount')}
            onChange={(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
              if (error) reset();
              formik.handleChange(event);
            }}
            error={Boolean(shown)}
            helperText={shown ?? rangeWords}
          />
          {error && <Alert severity="error">{errorMessage(error, offersCopy.moveFailed)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {offersCopy.cancel}
          </Button>
          <Button type="submit" variant="contained" aria-disabled={isLoading || undefined}>
            {offersCopy.sendCounter}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
