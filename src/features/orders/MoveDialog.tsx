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
import { copy } from '../../config/copy';
import { movesCopy, orderCopy } from './copy';
import type { OrderMove } from '../../types/entities';
import { useMoveOrderMutation, type MoveBody } from './ordersApi';

/** Which form a move asks for. */
export type MoveForm = 'shipping' | 'code' | 'reason';

interface MoveValues {
  carrier: string;
  tracking: string;
  code: string;
  reason: string;
}

const initialValues: MoveValues = { carrier: '', tracking: '', code: '', reason: '' };

const schemas: Record<MoveForm, Yup.AnyObjectSchema> = {
  shipping: Yup.object({
    carrier: Yup.string().trim().max(60, movesCopy.tooLong(60)),
    tracking: Yup.string().trim().max(100, movesCopy.tooLong(100)),
  }),
  code: Yup.object({
    code: Yup.string()
      .trim()
      .required(movesCopy.codeInvalid)
      .matches(/^\d{6}$/, movesCopy.codeInvalid),
  }),
  reason: Yup.object({
    reason: Yup.string().trim().required(movesCopy.reasonRequired).max(1000, movesCopy.tooLong(1000)),
  }),
};

/** What each form sends besides the move: blank optional fields are left out. */
function bodyOf(form: MoveForm, to: OrderMove, values: MoveValues): MoveBody {
  switch (form) {
    case 'shipping': {
      const carrier = values.carrier.trim();
      const tracking = values.tracking.trim();
      return { to, ...(carrier && { carrier }), ...(tracking && { tracking }) };
    }
    case 'code':
      return { to, code: values.code.trim() };
    case 'reason':
      return { to, reason: values.reason.trim() };
  }
}

export interface MoveDialogSpec {
  to: OrderMove;
  form: MoveForm;
  title: string;
  hint: string;
  /** The button that makes the move. */
  confirm: string;
}

interface Props {
  orderId: string;
  /** Which order, said under the title where the page around does not (a row of a list). */
  subject?: string;
  /** The move to ask about; the dialog is open while one is given. */
  spec: MoveDialogSpec | null;
  onClose(): void;
}

/**
 * A move that needs words first (a carrier, the hand-over code, a reason). Focus stays inside
 * while it is open and Escape closes it (MUI's Dialog); a refusal shows in it, and it stays open
 * (its host keeps it mounted while open). Editing a field clears the server's word on what was sent.
 */
export function MoveDialog({ orderId, subject, spec, onClose }: Props) {
  const id = useId();
  const [moveOrder, { isLoading, error, reset }] = useMoveOrderMutation();
  const form = spec?.form ?? 'reason';
  const formik = useFormik<MoveValues>({
    initialValues,
    validationSchema: schemas[form],
    enableReinitialize: true,
    onSubmit: async (values) => {
      if (!spec) return;
      try {
        await moveOrder({ id: orderId, move: bodyOf(form, spec.to, values), fromDialog: true }).unwrap();
        close();
      } catch {
        // Said in the dialog; the user may try again or go back.
      }
    },
  });
  const close = () => {
    reset();
    formik.resetForm();
    onClose();
  };
  const fieldError = (name: keyof MoveValues) => (formik.touched[name] && formik.errors[name]) || undefined;
  const field = (name: keyof MoveValues) => ({
    ...formik.getFieldProps(name),
    // The server's word was on what was sent: once the field is edited, only the field's own error stands.
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      if (error) reset();
      formik.handleChange(event);
    },
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
  });

  return (
    <Dialog
      open={spec !== null}
      onClose={isLoading ? undefined : close}
      aria-labelledby={`${id}-title`}
      aria-describedby={subject ? `${id}-subject ${id}-hint` : `${id}-hint`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{spec?.title}</DialogTitle>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {subject && (
            <DialogContentText id={`${id}-subject`} sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
              {subject}
            </DialogContentText>
          )}
          <DialogContentText id={`${id}-hint`}>{spec?.hint}</DialogContentText>
          {form === 'shipping' && (
            <>
              <FormTextField label={orderCopy.carrier} {...field('carrier')} />
              <FormTextField label={orderCopy.tracking} {...field('tracking')} />
            </>
          )}
          {form === 'code' && (
            <FormTextField
              label={movesCopy.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              {...field('code')}
            />
          )}
          {form === 'reason' && <FormTextField label={movesCopy.reason} multiline minRows={3} required {...field('reason')} />}
          {error && <Alert severity="error">{errorMessage(error, copy.moves.failed)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {movesCopy.back}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {spec?.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
