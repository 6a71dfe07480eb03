import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyYupValidator } from '../../lib/lazySchema';
import { useTypedBeforeHydration } from '../../lib/typedBeforeHydration';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import type { FromState } from '../roles/guards';
import { AuthFormFooter } from './AuthFormFooter';
import { AuthCard } from './AuthLayout';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';
import { CredentialFields } from './CredentialFields';
import { useSignInFormEngaged } from './useSignInFormEngaged';
import { errorCleared, googleSignInRequested, loginRequested, selectAuthError, selectAwaitingConfirmation, selectFlowPending } from './authSlice';

const rules = lazyYupValidator<{ email: string; password: string }>(() =>
  import(/* webpackChunkName: "auth-rules" */ './authSchemas').then((schemas) => schemas.loginSchema),
);

export function Component() {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectAuthError);
  const pending = useAppSelector(selectFlowPending);
  const awaitingConfirmation = useAppSelector(selectAwaitingConfirmation);
  const from = (useLocation().state as FromState | null)?.from;

  useEffect(() => {
    dispatch(errorCleared());
  }, [dispatch]);
  useEffect(() => rules.preload(), []);

  const formik = useFormik({
    initialValues: { email: '', password: '' },
    validate: rules.validate,
    onSubmit: ({ email, password }) => {
      dispatch(loginRequested({ email: email.trim(), password, from }));
    },
  });

  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, (name, value) => void formik.setFieldValue(name, value));
  const engagement = useSignInFormEngaged(form);

  if (awaitingConfirmation) {
    return (
      <AuthCard title={copy.confirm.title}>
        <ConfirmEmailNotice email={awaitingConfirmation} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={copy.login.title}>
      <Stack component="form" ref={form} {...engagement} method="post" noValidate spacing={2} onSubmit={formik.handleSubmit} aria-label={copy.login.title}>
        <CredentialFields formik={formik} passwordAutoComplete="current-password" />
        <AuthFormFooter
          submitLabel={copy.login.submit}
          pending={pending}
          error={error}
          otherPagePrompt={copy.login.toSignup}
          otherPageLabel={copy.login.signupLink}
          otherPagePath={paths.signup}
          onGoogle={() => dispatch(googleSignInRequested({ from }))}
        />
      </Stack>
    </AuthCard>
  );
}
