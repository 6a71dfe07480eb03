import * as yup from 'yup';
import { copy } from '../../config/copy';

export const loginSchema = yup.object({
  email: yup.string().trim().required(copy.login.emailRequired),
  password: yup.string().required(copy.login.passwordRequired),
});

/** Sign-up has the same two rules; name and role have none. */
export const signupSchema = loginSchema.shape({
  name: yup.string(),
  role: yup.mixed<'Buyer' | 'seller'>().oneOf(['Buyer', 'seller']).required(),
});
