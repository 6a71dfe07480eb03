import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId } from 'react';
import * as Yup from 'yup';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { reviewsCopy } from './copy';
import { usePostReviewMutation } from './reviewsApi';

export const COMMENT_MAX = 1000;

interface ReviewValues {
  rating: number | null;
  comment: string;
}

const initialValues: ReviewValues = { rating: null, comment: '' };

const schema = Yup.object({
  rating: Yup.number().nullable().required(reviewsCopy.ratingNeeded).min(1, reviewsCopy.ratingNeeded).max(5, reviewsCopy.ratingNeeded),
  comment: Yup.string().trim().max(COMMENT_MAX, copy.reviews.tooLong(COMMENT_MAX)),
});

interface Props {
  bookingId: string;
  /** Who reviews: the buyer rates the seller, the seller the buyer. */
  side: 'buyer' | 'seller';
  /** The review was taken: the panel shows it in the form's place. */
  onPosted(): void;
}

/**
 * One to five stars (MUI's Rating: radio buttons, so arrow keys choose) and a comment if the
 * reviewer likes. Posted, the panel reads the order's reviews again and shows it instead; a
 * refusal shows here.
 */
export function ReviewForm({ bookingId, side, onPosted }: Props) {
  const id = useId();
  const [postReview, { isLoading, error }] = usePostReviewMutation();
  const formik = useFormik<ReviewValues>({
    initialValues,
    validationSchema: schema,
    onSubmit: async ({ rating, comment }) => {
      if (rating === null) return;
      const words = comment.trim();
      try {
        await postReview({ bookingId, rating, ...(words && { comment: words }) }).unwrap();
        onPosted();
      } catch {
        // Said below the form.
      }
    },
  });
  const ratingError = (formik.touched.rating && formik.errors.rating) || undefined;
  const commentError = (formik.touched.comment && formik.errors.comment) || undefined;

  return (
    <Box component="form" aria-labelledby={`${id}-title`} onSubmit={formik.handleSubmit} noValidate sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {reviewsCopy.rate[side]}
      </Typography>
      <FormControl component="fieldset" error={Boolean(ratingError)} required>
        <FormLabel component="legend">{reviewsCopy.rating}</FormLabel>
        <Rating
          name={`${id}-rating`}
          value={formik.values.rating}
          onChange={(_event, value) => {
            void formik.setFieldValue('rating', value);
            void formik.setFieldTouched('rating', true, false);
          }}
          getLabelText={reviewsCopy.stars}
          size="large"
        />
        {ratingError && <FormHelperText>{ratingError}</FormHelperText>}
      </FormControl>
      <FormTextField
        label={reviewsCopy.comment}
        multiline
        minRows={3}
        {...formik.getFieldProps('comment')}
        error={Boolean(commentError)}
        helperText={commentError}
        sx={{ width: '100%' }}
      />
      {error && <Alert severity="error">{errorMessage(error, copy.errors.generic)}</Alert>}
      <Button type="submit" variant="contained" disabled={isLoading}>
        {reviewsCopy.post}
      </Button>
    </Box>
  );
}
