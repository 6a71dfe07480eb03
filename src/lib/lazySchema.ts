import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';

/**
 * A form's Yup rules, fetched after the form is on screen instead of before it. Yup is 11 KB
 * gzip; on the prerendered log-in and sign-up pages it would otherwise have to arrive and run
 * before the form comes alive. `preload` starts the fetch once the form has mounted, so the
 * rules are there long before the first blur or submit.
 *
 * Errors read exactly as Formik's own `validationSchema` makes them. If the rules cannot be
 * fetched (the web server is gone), the form is let through and the fetch is tried again at the
 * next check: what is sent is checked again where it arrives.
 */
export function lazyYupValidator<Values extends FormikValues>(load: () => Promise<Schema>) {
  let schema: Promise<Schema> | null = null;
  const loaded = () =>
    (schema ??= load().catch((error: unknown) => {
      schema = null;
      throw error;
    }));

  return {
    preload(): void {
      loaded().catch(() => undefined);
    },
    async validate(values: Values): Promise<FormikErrors<Values>> {
      let rules: Schema;
      try {
        rules = await loaded();
      } catch {
        return {};
      }
      try {
        await validateYupSchema(values, rules);
        return {};
      } catch (error) {
        if (error instanceof Error && error.name === 'ValidationError') return yupToFormErrors<Values>(error);
        throw error;
      }
    },
  };
}
