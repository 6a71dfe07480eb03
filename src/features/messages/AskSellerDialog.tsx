import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormik } from 'formik';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { messagesCopy } from './copy';
import { paths } from '../../config/paths';
import { MessageField } from './MessageField';
import { messageSchema } from './messageText';
import { useAskQuestionMutation } from './messagesApi';
import { refusalMessage } from './refusals';

// The question's field is gone once it is sent: the way on takes the focus (autoFocus moves none to a link).
const focusOnMount = (element: HTMLElement | null) => element?.focus();

interface Props {
  bookId: string;
  bookName: string;
  onClose(): void;
}

/**
 * "Ask the seller": the question goes to the book's seller (`POST /books/:id/questions`); then the
 * dialog says so and leads to the conversation. A refusal (blocked, too many) is said in it.
 */
export default function AskSellerDialog({ bookId, bookName, onClose }: Props) {
  const id = useId();
  const [ask, asked] = useAskQuestionMutation();
  const formik = useFormik({
    initialValues: { text: '' },
    validationSchema: messageSchema,
    onSubmit: async ({ text }) => {
      try {
        await ask({ bookId, text: text.trim() }).unwrap();
      } catch {
        // Said in the dialog.
      }
    },
  });
  const error = (formik.touched.text && formik.errors.text) || undefined;
  const submit = () => {
    if (!formik.isSubmitting) void formik.submitForm();
  };
  const thread = asked.data;

  return (
    <Dialog
      open
      onClose={asked.isLoading ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{messagesCopy.ask}</DialogTitle>
      {thread ? (
        <>
          <DialogContent>
            <DialogContentText id={`${id}-about`} role="status">
              {messagesCopy.asked}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{messagesCopy.close}</Button>
            <Button variant="contained" component={RouterLink} to={paths.thread(thread._id)} ref={focusOnMount}>
              {messagesCopy.open}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <DialogContentText id={`${id}-about`}>{messagesCopy.about(bookName)}</DialogContentText>
            <MessageField label={messagesCopy.question} {...formik.getFieldProps('text')} onSend={submit} error={error} autoFocus />
            {asked.isError && <Alert severity="error">{refusalMessage(asked.error)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={asked.isLoading}>
              {copy.chat.cancel}
            </Button>
            <Button type="submit" variant="contained" aria-disabled={asked.isLoading}>
              {messagesCopy.send}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
