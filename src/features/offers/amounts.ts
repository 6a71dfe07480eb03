import * as Yup from 'yup';
import { formatUsd } from '../../lib/money';
import { offersCopy } from './copy';

/** Dollars with at most two decimals, as typed ("12", "12.5", "12.50"). */
const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** The amount typed, in dollars (NaN when it is not one). */
export const dollarsOf = (text: string): number => (DOLLARS.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** An amount strictly between `above` and `below` (dollars), with its words for each way it can be wrong. */
export function amountBetween(above: number, below: number, outside: string): Yup.StringSchema {
  return Yup.string()
    .trim()
    .required(offersCopy.errors.amount)
    .matches(DOLLARS, offersCopy.errors.amount)
    .test('above', above === 0 ? offersCopy.errors.positive : outside, (text) => dollarsOf(text ?? '') > above)
    .test('below', outside, (text) => dollarsOf(text ?? '') < below);
}

/** An offer: more than $0 and below the asking price. */
export const offerAmount = (asking: number) => amountBetween(0, asking, offersCopy.errors.belowAsking(formatUsd(asking)));
