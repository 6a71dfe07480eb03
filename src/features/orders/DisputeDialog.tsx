import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import * as Yup from 'yup';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { disputesCopy, movesCopy } from './copy';
import type { Order } from '../../types/entities';
import { buyerReason, type Settlement } from './disputeColumns';
import { useMoveOrderMutation } from './ordersApi';

export const SETTLE_REASON_MAX = 1000;

/** What the admin is about to do: refund or complete a disputed order. */
export interface SettleRequest {
  order: Order;
  to: Settlement;
}

const schema = Yup.object({
  reason: Yup.string().trim().required(movesCopy.reasonRequired).max(SETTLE_REASON_MAX, movesCopy.tooLong(SETTLE_REASON_MAX)),
});

const wording = {
  refunded: { title: disputesCopy.refundLabel, hint: disputesCopy.refundHint, confirm: disputesCopy.refund },
  completed: { title: disputesCopy.completeLabel, hint: disputesCopy.completeHint, confirm: disputesCopy.complete },
} as const;

interface Props {
  /** The settlement to confirm; the dialog is open while one is given. */
  request: SettleRequest | null;
  /** `settled`: the order was moved (and leaves the list). */
  onClose(settled: boolean): void;
}

/**
 * Settling a dispute needs a reason, which both sides read. Focus stays inside while it is open
 * and Escape closes it (MUI's Dialog). A refusal (say, a 409 when another admin settled the order
 * first) shows here and the dialog stays open; done, it closes and the toast says so.
 */
export function DisputeDialog({ request, onClose }: Props) {
  const id = useId();
  // What it said stays while it fades out.
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);
  const [moveOrder, { isLoading, error, reset }] = useMoveOrderMutation();
  const formik = useFormik({
    initialValues: { reason: '' },
    validationSchema: schema,
    onSubmit: async ({ reason }) => {
      if (!request) return;
      try {
        await moveOrder({ id: request.order._id, move: { to: request.to, reason: reason.trim() }, fromDialog: true }).unwrap();
        close(true);
      } catch {
        // Said in the dialog; the admin may try again or go back.
      }
    },
  });
  const close = (settled: boolean) => {
    reset();
    formik.resetForm();
    onClose(settled);
  };
  const reasonError = (formik.touched.reason && formik.errors.reason) || undefined;
  const words = shown ? wording[shown.to] : undefined;
  const said = shown ? buyerReason(shown.order) : '';

  return (
    <Dialog
      open={request !== null}
      onClose={isLoading ? undefined : () => close(false)}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
        {shown && words?.title(shown.order.bookName)}
      </DialogTitle>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <DialogContentText id={`${id}-hint`}>{words?.hint}</DialogContentText>
          {said && (
            <Box component="figure" sx={{ m: 0 }}>
              <Box component="figcaption" sx={{ fontWeight: 600, color: 'text.secondary', fontSize: '0.875rem' }}>
                {disputesCopy.buyerSaid}
              </Box>
              <Box component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {said}
              </Box>
            </Box>
          )}
          <FormTextField
            label={movesCopy.reason}
            multiline
            minRows={3}
            required
            {...formik.getFieldProps('reason')}
            error={Boolean(reasonError)}
            helperText={reasonError}
          />
          {error && <Alert severity="error">{errorMessage(error, copy.moves.failed)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} disabled={isLoading}>
            {movesCopy.back}
          </Button>
          <Button type="submit" variant="contained" color={shown?.to === 'refunded' ? 'error' : 'primary'} disabled={isLoading}>
            {words?.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
