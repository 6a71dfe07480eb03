import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useFormik } from 'formik';
import { useId } from 'react';
import * as Yup from 'yup';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { reportsCopy } from './copy';
import type { ReportKind, ReportReason } from './types';
import { useCreateReportMutation } from './reportsApi';
import { isRepeatReport } from './reportsListeners';
import { useFeatureListeners } from '../../app/featureListeners';
import { addReportListeners } from './reportsListeners';

export const REPORT_REASONS: ReportReason[] = ['fake', 'prohibited', 'abuse', 'spam', 'other'];
export const REPORT_TEXT_MAX = 2000;

interface ReportValues {
  reason: ReportReason | '';
  text: string;
}

const initialValues: ReportValues = { reason: '', text: '' };

const schema = Yup.object({
  reason: Yup.string().oneOf(REPORT_REASONS, reportsCopy.reasonNeeded).required(reportsCopy.reasonNeeded),
  text: Yup.string().trim().max(REPORT_TEXT_MAX, copy.reviews.tooLong(REPORT_TEXT_MAX)),
});

export interface ReportDialogProps {
  kind: ReportKind;
  /** The id of what is reported: a book's, a user's, a message's or a review's. */
  id: string;
  open: boolean;
  onClose(): void;
}

/**
 * Why something is reported, and in the reporter's words if they like. Sent, it closes (the toast
 * thanks them); reported already, it closes too (the toast says so); any other refusal stays here.
 */
export function ReportDialog({ kind, id, open, onClose }: ReportDialogProps) {
  useFeatureListeners(addReportListeners);
  const dialogId = useId();
  const [createReport, { isLoading, error, reset }] = useCreateReportMutation();
  const formik = useFormik<ReportValues>({
    initialValues,
    validationSchema: schema,
    onSubmit: async ({ reason, text }) => {
      if (!reason) return;
      const words = text.trim();
      try {
        await createReport({ kind, id, reason, ...(words && { text: words }) }).unwrap();
        close();
      } catch (failure) {
        if (isRepeatReport(failure)) close();
      }
    },
  });
  const close = () => {
    reset();
    formik.resetForm();
    onClose();
  };
  const reasonError = (formik.touched.reason && formik.errors.reason) || undefined;
  const textError = (formik.touched.text && formik.errors.text) || undefined;

  return (
    <Dialog open={open} onClose={isLoading ? undefined : close} aria-labelledby={`${dialogId}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${dialogId}-title`}>{reportsCopy.report[kind]}</DialogTitle>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormControl component="fieldset" error={Boolean(reasonError)} required>
            <FormLabel component="legend" id={`${dialogId}-reason`}>
              {reportsCopy.reason}
            </FormLabel>
            <RadioGroup
              aria-labelledby={`${dialogId}-reason`}
              aria-describedby={reasonError ? `${dialogId}-reason-error` : undefined}
              name="reason"
              value={formik.values.reason}
              onChange={(event) => void formik.setFieldValue('reason', event.target.value)}
              onBlur={() => void formik.setFieldTouched('reason', true)}
            >
              {REPORT_REASONS.map((reason) => (
                <FormControlLabel key={reason} value={reason} control={<Radio />} label={reportsCopy.reasons[reason]} />
              ))}
            </RadioGroup>
            {reasonError && <FormHelperText id={`${dialogId}-reason-error`}>{reasonError}</FormHelperText>}
          </FormControl>
          <FormTextField
            label={reportsCopy.text}
            multiline
            minRows={3}
            {...formik.getFieldProps('text')}
            error={Boolean(textError)}
            helperText={textError}
          />
          {error && !isRepeatReport(error) && <Alert severity="error">{errorMessage(error, copy.errors.generic)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isLoading}>
            {reportsCopy.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {reportsCopy.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
