import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { messagesCopy } from './copy';
import { MessageField } from './MessageField';
import { messageSchema } from './messageText';
import { useSendMessageMutation } from './messagesApi';

/**
 * Writes in a thread: the text goes out with Send (or Ctrl/Cmd+Enter; Enter alone is a new line)
 * and the field empties once the API took it. A refusal keeps the text; the toast says why.
 */
export function Composer({ threadId }: { threadId: string }) {
  const [send, sending] = useSendMessageMutation();
  const formik = useFormik({
    initialValues: { text: '' },
    validationSchema: messageSchema,
    onSubmit: async ({ text }, { resetForm }) => {
      try {
        await send({ threadId, text: text.trim() }).unwrap();
        resetForm();
      } catch {
        // Said by the listener; the text stays to be sent again.
      }
    },
  });
  const error = (formik.touched.text && formik.errors.text) || undefined;
  const submit = () => {
    if (!formik.isSubmitting) void formik.submitForm();
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MessageField label={messagesCopy.label} {...formik.getFieldProps('text')} onSend={submit} error={error} />
      <Button
        type="submit"
        variant="contained"
        endIcon={<SendIcon />}
        // Marked, not disabled, while it goes: whoever pressed it keeps the focus.
        aria-disabled={sending.isLoading}
        sx={{ alignSelf: 'flex-end' }}
      >
        {messagesCopy.send}
      </Button>
    </Stack>
  );
}
