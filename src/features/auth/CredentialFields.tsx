import type { FormikProps } from 'formik';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';

interface Credentials {
  email: string;
  password: string;
}

/** Email and password with their required-field messages, shared by log-in and sign-up. */
export function CredentialFields<Values extends Credentials>({
  formik,
  passwordAutoComplete,
}: {
  formik: FormikProps<Values>;
  passwordAutoComplete: 'current-password' | 'new-password';
}) {
  const fieldError = (name: keyof Credentials) => {
    const message = formik.errors[name];
    return formik.touched[name] && typeof message === 'string' ? message : undefined;
  };
  return (
    <>
      <FormTextField
        label={copy.login.email}
        type="email"
        autoComplete="email"
        {...formik.getFieldProps('email')}
        error={Boolean(fieldError('email'))}
        helperText={fieldError('email')}
      />
      <FormTextField
        label={copy.login.password}
        type="password"
        autoComplete={passwordAutoComplete}
        {...formik.getFieldProps('password')}
        error={Boolean(fieldError('password'))}
        helperText={fieldError('password')}
      />
    </>
  );
}
