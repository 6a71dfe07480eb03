import type { FormikErrors } from 'formik';
import * as Yup from 'yup';
import { shopPolicyCopy } from './copy';
import type { ShopPolicy } from './types';

const errors = shopPolicyCopy.errors;

export const MAX_DISCOUNTS = 5;

/** The form's rows as typed. */
export interface DiscountRow {
  minBooks: string;
  percent: string;
}

export interface PolicyValues {
  /** Dollars; blank for each book's own shipping price. */
  additionalShipping: string;
  discounts: DiscountRow[];
}

const DOLLARS = /^\d{1,4}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,3}$/;
const wholeFrom = (min: number, max: number, message: string) =>
  Yup.string()
    .trim()
    .required(message)
    .matches(WHOLE, message)
    .test('range', message, (value) => value === undefined || (Number(value) >= min && Number(value) <= max));

export const policySchema = Yup.object({
  additionalShipping: Yup.string()
    .trim()
    .matches(DOLLARS, { message: errors.price, excludeEmptyString: true })
    .test('range', errors.price, (value) => !value || Number(value) <= 1000),
  discounts: Yup.array()
    .of(Yup.object({ minBooks: wholeFrom(2, 100, errors.minBooks), percent: wholeFrom(1, 90, errors.percent) }))
    .max(MAX_DISCOUNTS, errors.tooMany),
});

/** Two discounts cannot start at the same number of books: the later one is marked. */
export function distinctMinimums({ discounts }: PolicyValues): FormikErrors<PolicyValues> {
  const seen = new Set<number>();
  const rows = discounts.map((row) => {
    const minBooks = Number(row.minBooks.trim());
    if (!row.minBooks.trim() || Number.isNaN(minBooks)) return undefined;
    if (seen.has(minBooks)) return { minBooks: errors.distinct };
    seen.add(minBooks);
    return undefined;
  });
  return rows.some(Boolean) ? { discounts: rows as FormikErrors<DiscountRow>[] } : {};
}

export const valuesOf = (policy: ShopPolicy): PolicyValues => ({
  additionalShipping: policy.additionalShipping === null ? '' : String(policy.additionalShipping),
  discounts: policy.discounts.map((discount) => ({ minBooks: String(discount.minBooks), percent: String(discount.percent) })),
});

export const policyOf = (values: PolicyValues): ShopPolicy => ({
  additionalShipping: values.additionalShipping.trim() === '' ? null : Number(values.additionalShipping.trim()),
  discounts: values.discounts.map((row) => ({ minBooks: Number(row.minBooks.trim()), percent: Number(row.percent.trim()) })),
});
