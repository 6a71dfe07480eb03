import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { useHydrated } from '../../lib/useHydrated';
import { GoogleButton } from './GoogleButton';

interface Props {
  submitLabel: string;
  /** A flow is running: the buttons wait for it. */
  pending: boolean;
  /** The last failure in a plain sentence (the message catalogue's), shown in red. */
  error: string | null;
  otherPagePrompt: string;
  otherPageLabel: string;
  otherPagePath: string;
  onGoogle(): void;
}

/** What log-in and sign-up share below their fields: submit, the error, the other page, Google. */
export function AuthFormFooter({ submitLabel, pending, error, otherPagePrompt, otherPageLabel, otherPagePath, onGoogle }: Props) {
  // In the prerendered page, a submit before the app is live would send the form natively,
  // with the password in the address: the button waits for the app.
  const hydrated = useHydrated();
  return (
    <>
      <Button type="submit" variant="contained" size="large" disabled={pending || !hydrated}>
        {submitLabel}
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
          {/* The address has an account: the way on is to log in with it. */}
          {error === copy.messages.auth.emailInUse && (
            <>
              {' '}
              <Link component={RouterLink} to={paths.login} color="inherit">
                {copy.messages.auth.logInInstead}
              </Link>
            </>
          )}
        </Alert>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {otherPagePrompt}{' '}
        <Link component={RouterLink} to={otherPagePath}>
          {otherPageLabel}
        </Link>
      </Typography>
      <Divider>or</Divider>
      <GoogleButton disabled={pending || !hydrated} onClick={onGoogle} />
    </>
  );
}
