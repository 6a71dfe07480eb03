import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../app/hooks';
import { copy } from '../../config/copy';
import { confirmationCheckRequested, confirmationResendRequested, signOutRequested } from './authSlice';

/**
 * Shown while a log-in or sign-up waits for its address to be confirmed. The flow checks by
 * itself every few seconds; the buttons check now, mail the link again, or give up.
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status" aria-live="polite">
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {copy.confirm.notice(email)}
        </Typography>
        <Typography component="p" variant="body2">
          {copy.confirm.hint}
        </Typography>
      </Alert>
      <Button variant="contained" onClick={() => dispatch(confirmationCheckRequested())}>
        {copy.confirm.check}
      </Button>
      <Button variant="outlined" onClick={() => dispatch(confirmationResendRequested())}>
        {copy.confirm.resend}
      </Button>
      <Button onClick={() => dispatch(signOutRequested())}>{copy.confirm.otherAccount}</Button>
    </Stack>
  );
}
