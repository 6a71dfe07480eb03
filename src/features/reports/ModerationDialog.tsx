import Alert from '@mui/material/Alert';
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
import { reportsCopy } from './copy';
import type { AdminReport, ModerationAction } from './types';
import { useModerateMutation, useReinstateMutation } from './reportsApi';

export const MODERATION_REASON_MAX = 500;

/** What an admin is about to do: an action on a report, or lifting the reported user's suspension. */
export interface Decision {
  report: AdminReport;
  action: ModerationAction | 'reinstate';
}

const schema = Yup.object({
  reason: Yup.string().trim().required(reportsCopy.whyNeeded).max(MODERATION_REASON_MAX, copy.reviews.tooLong(MODERATION_REASON_MAX)),
});

/** Whom or what the decision is about, in the dialog's words. */
function subjectOf({ report, action }: Decision): string {
  const user = report.user ? `${report.user.name} (${report.user.email})` : '';
  return action === 'hide' || action === 'dismiss' ? report.target.summary : user;
}

interface Props {
  /** The decision to confirm; the dialog is open while one is given. */
  decision: Decision | null;
  onClose(): void;
}

/**
 * Every decision needs a reason, recorded with the admin and the time. A refusal shows here and
 * the dialog stays open; done, it closes (the toast says so) and the queue is read again.
 */
export function ModerationDialog({ decision, onClose }: Props) {
  const id = useId();
  // What it said stays while it fades out.
  const [shown, setShown] = useState(decision);
  if (decision && decision !== shown) setShown(decision);
  const [moderate, moderation] = useModerateMutation();
  const [reinstate, reinstatement] = useReinstateMutation();
  const busy = moderation.isLoading || reinstatement.isLoading;
  const failure = moderation.error ?? reinstatement.error;
  const formik = useFormik({
    initialValues: { reason: '' },
    validationSchema: schema,
    onSubmit: async ({ reason }) => {
      if (!decision) return;
      const why = reason.trim();
      try {
        if (decision.action === 'reinstate') {
          if (decision.report.user) await reinstate({ userId: decision.report.user._id, reason: why }).unwrap();
        } else {
          await moderate({ reportId: decision.report._id, action: decision.action, reason: why }).unwrap();
        }
        close();
      } catch {
        // Said in the dialog; the admin may try again or go back.
      }
    },
  });
  const close = () => {
    moderation.reset();
    reinstatement.reset();
    formik.resetForm();
    onClose();
  };
  const reasonError = (formik.touched.reason && formik.errors.reason) || undefined;
  const title = shown ? (shown.action === 'reinstate' ? reportsCopy.lift : reportsCopy.ask[shown.action]) : '';
  const confirm = shown ? (shown.action === 'reinstate' ? reportsCopy.lift : reportsCopy.moves[shown.action]) : '';

  return (
    <Dialog
      open={decision !== null}
      onClose={busy ? undefined : close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-subject`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <DialogContentText id={`${id}-subject`} sx={{ overflowWrap: 'anywhere' }}>
            {shown ? subjectOf(shown) : ''}
          </DialogContentText>
          <FormTextField
            label={reportsCopy.reason}
            multiline
            minRows={2}
            required
            {...formik.getFieldProps('reason')}
            error={Boolean(reasonError)}
            helperText={reasonError}
          />
          {failure && <Alert severity="error">{errorMessage(failure, copy.errors.generic)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {reportsCopy.back}
          </Button>
          <Button type="submit" variant="contained" color={shown?.action === 'suspend' || shown?.action === 'delete' ? 'error' : 'primary'} disabled={busy}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
