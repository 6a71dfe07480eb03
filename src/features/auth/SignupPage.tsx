import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormSelectField, FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { paths } from '../../config/paths';
import { lazyYupValidator } from '../../lib/lazySchema';
import { useTypedBeforeHydration } from '../../lib/typedBeforeHydration';
import { AuthFormFooter } from './AuthFormFooter';
import { AuthCard } from './AuthLayout';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';
import { CredentialFields } from './CredentialFields';
import { useSignInFormEngaged } from './useSignInFormEngaged';
import { errorCleared, googleSignInRequested, selectAuthError, selectAwaitingConfirmation, selectFlowPending, signupRequested } from './authSlice';

type SignupRole = 'Buyer' | 'seller';

const rules = lazyYupValidator<{ name: string; email: string; password: string; role: SignupRole }>(() =>
  import(/* webpackChunkName: "auth-rules" */ './authSchemas').then((schemas) => schemas.signupSchema),
);

export function Component() {
  const dispatch = useAppDispatch();
  const error = useAppSelector(selectAuthError);
  const pending = useAppSelector(selectFlowPending);
  const awaitingConfirmation = useAppSelector(selectAwaitingConfirmation);

  useEffect(() => {
    dispatch(errorCleared());
  }, [dispatch]);
  useEffect(() => rules.preload(), []);

  const formik = useFormik({
    initialValues: { name: '', email: '', password: '', role: 'Buyer' as SignupRole },
    validate: rules.validate,
    onSubmit: ({ name, email, password, role }) => {
      dispatch(signupRequested({ name: name.trim(), email: email.trim(), password, role }));
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
    <AuthCard title={copy.signup.title}>
      <Stack component="form" ref={form} {...engagement} method="post" noValidate spacing={2} onSubmit={formik.handleSubmit} aria-label={copy.signup.title}>
        <FormTextField label={copy.signup.name} autoComplete="name" {...formik.getFieldProps('name')} />
        <CredentialFields formik={formik} passwordAutoComplete="new-password" />
        {/* The browser's own select: a phone's picker, and no menu layer to load and hydrate. */}
        <FormSelectField label={copy.signup.role} {...formik.getFieldProps('role')}>
          <option value="Buyer">{copy.signup.roleBuyer}</option>
          <option value="seller">{copy.signup.roleSeller}</option>
        </FormSelectField>
        <AuthFormFooter
          submitLabel={copy.signup.submit}
          pending={pending}
          error={error}
          otherPagePrompt={copy.signup.toLogin}
          otherPageLabel={copy.signup.loginLink}
          otherPagePath={paths.login}
          onGoogle={() => dispatch(googleSignInRequested({ role: formik.values.role }))}
        />
      </Stack>
    </AuthCard>
  );
}
