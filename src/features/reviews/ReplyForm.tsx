import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { reviewsCopy } from './copy';
import type { Review } from './types';
import { useReplyToReviewMutation } from './reviewsApi';
import { COMMENT_MAX } from './ReviewForm';

const schema = Yup.object({
  text: Yup.string().trim().required(reviewsCopy.replyNeeded).max(COMMENT_MAX, copy.reviews.tooLong(COMMENT_MAX)),
});

/** The reviewed side's one answer to a shown review; posted, the review shows it instead. */
export function ReplyForm({ review, onReplied }: { review: Review; onReplied(): void }) {
  const [reply, { isLoading, error }] = useReplyToReviewMutation();
  const formik = useFormik({
    initialValues: { text: '' },
    validationSchema: schema,
    onSubmit: async ({ text }) => {
      try {
        await reply({ review, text: text.trim() }).unwrap();
        onReplied();
      } catch {
        // Said below the field.
      }
    },
  });
  const textError = (formik.touched.text && formik.errors.text) || undefined;
  return (
    <Box component="form" onSubmit={formik.handleSubmit} noValidate sx={{ display: 'grid', gap: 1, justifyItems: 'start', width: '100%', mt: 1 }}>
      <FormTextField
        label={reviewsCopy.yourReply}
        multiline
        minRows={2}
        required
        {...formik.getFieldProps('text')}
        error={Boolean(textError)}
        helperText={textError}
        sx={{ width: '100%' }}
      />
      {error && <Alert severity="error">{errorMessage(error, copy.errors.generic)}</Alert>}
      <Button type="submit" variant="outlined" disabled={isLoading}>
        {reviewsCopy.reply}
      </Button>
    </Box>
  );
}
