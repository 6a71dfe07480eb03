import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { FromState } from '../roles/guards';
import { AuthCard } from './AuthLayout';
import { CredentialFields } from './CredentialFields';
import { errorCleared, googleSignInRequested, loginRequested, selectAuthError, selectFlowPending } from './authSlice';
import { loginSchema } from './authSchemas';
import { GoogleButton } from './GoogleButton';

export function Component() {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectAuthError);
  const pending = useAppSelector(selectFlowPending);
  const from = (useLocation().state as FromState | null)?.from;

  useEffect(() => {
    dispatch(errorCleared());
  }, [dispatch]);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: ({ email, password }) => {
      dispatch(loginRequested({ email: email.trim(), password, from }));
    },
  });

  return (
    <AuthCard title={copy.login.title}>
      <Stack component="form" noValidate spacing={2} onSubmit={formik.handleSubmit} aria-label={copy.login.title}>
        <CredentialFields formik={formik} passwordAutoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {copy.login.submit}
        </Button>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {copy.login.toSignup}{' '}
          <Link component={RouterLink} to={paths.signup}>
            {copy.login.signupLink}
          </Link>
        </Typography>
        <Divider>or</Divider>
        <GoogleButton disabled={pending} onClick={() => dispatch(googleSignInRequested({ from }))} />
      </Stack>
    </AuthCard>
  );
}
