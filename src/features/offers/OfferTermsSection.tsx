import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useState, type ChangeEvent } from 'react';
import * as Yup from 'yup';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { formatAmount, formatUsd } from '../../lib/money';
import { dollarsOf } from './amounts';
import { offerTermsCopy } from './copy';
import type { OfferTerms } from './types';

interface Values {
  enabled: boolean;
  autoDeclineBelow: string;
  autoAcceptFrom: string;
}

/** Half the price, rounded up to the cent: the floor the API applies when the seller sets none. */
export const defaultFloor = (price: number): number => Math.ceil((Math.round(price * 100) * 50) / 100) / 100;

const DOLLARS = /^\d+(\.\d{1,2})?$/;
const { errors } = offerTermsCopy;

const schemaFor = (price: number) => {
  const below = (rule: Yup.StringSchema) =>
    rule
      .trim()
      .matches(DOLLARS, { message: errors.amount, excludeEmptyString: true })
      .test('below', errors.belowPrice(formatUsd(price)), (text) => !text || dollarsOf(text) < price);
  return Yup.object({
    autoDeclineBelow: below(Yup.string()),
    autoAcceptFrom: below(Yup.string()).test('above', errors.aboveFloor, function aboveFloor(text) {
      if (!text) return true;
      // Formik hands a blank field to the rules as undefined.
      const floorText = ((this.parent as Partial<Values>).autoDeclineBelow ?? '').trim();
      const floor = floorText ? dollarsOf(floorText) : defaultFloor(price);
      return Number.isNaN(floor) || dollarsOf(text) > floor;
    }),
  });
};

interface Props {
  /** The listing's price as saved (dollars). */
  price: number;
  terms: OfferTerms | undefined;
  /** Sends `PUT /products/:id` with `offers`; rejects with the API's refusal. */
  onSave(terms: OfferTerms): Promise<unknown>;
}

/**
 * A listing's offer terms: whether it takes offers, the floor below which one is declined at once
 * (shown as half the price until the seller sets another; blank is the same) and an optional
 * automatic accept. Saved on its own, with the listing's PUT; what happened is said here.
 */
export function OfferTermsSection({ price, terms, onSave }: Props) {
  const [saved, setSaved] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const half = defaultFloor(price);
  const formik = useFormik<Values>({
    initialValues: {
      enabled: terms?.enabled ?? true,
      autoDeclineBelow: formatAmount(terms?.autoDeclineBelow ?? half),
      autoAcceptFrom: terms?.autoAcceptFrom == null ? '' : formatAmount(terms.autoAcceptFrom),
    },
    validationSchema: schemaFor(price),
    onSubmit: async ({ enabled, autoDeclineBelow, autoAcceptFrom }) => {
      const floor = autoDeclineBelow.trim() ? dollarsOf(autoDeclineBelow) : null;
      try {
        // The default floor is sent as none, so it follows the price when the price changes.
        await onSave({ enabled, autoDeclineBelow: floor === half ? null : floor, autoAcceptFrom: autoAcceptFrom.trim() ? dollarsOf(autoAcceptFrom) : null });
        setSaved(true);
      } catch (error) {
        setRefused(errorMessage(error, offerTermsCopy.failed));
      }
    },
  });
  const field = (name: 'autoDeclineBelow' | 'autoAcceptFrom') => {
    const shown = (formik.touched[name] && formik.errors[name]) || undefined;
    return {
      ...formik.getFieldProps(name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        setSaved(false);
        setRefused(null);
        formik.handleChange(event);
      },
      error: Boolean(shown),
      shown,
    };
  };
  const floor = field('autoDeclineBelow');
  const accept = field('autoAcceptFrom');

  return (
    <Paper component="section" aria-labelledby="offer-terms-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 4, maxWidth: 640 }}>
      <Typography id="offer-terms-title" component="h2" variant="h5" gutterBottom>
        {offerTermsCopy.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {offerTermsCopy.intro}
      </Typography>
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => (formik.isSubmitting ? event.preventDefault() : formik.handleSubmit(event))}>
        <FormControlLabel
          control={
            <Switch
              name="enabled"
              checked={formik.values.enabled}
              onChange={(event) => {
                setSaved(false);
                void formik.setFieldValue('enabled', event.target.checked);
              }}
            />
          }
          label={offerTermsCopy.enabled}
        />
        {formik.values.enabled && (
          <>
            <FormTextField
              label={offerTermsCopy.autoDeclineBelow}
              inputMode="decimal"
              name={floor.name}
              value={floor.value}
              onChange={floor.onChange}
              onBlur={floor.onBlur}
              error={floor.error}
              helperText={floor.shown ?? offerTermsCopy.autoDeclineHint(formatUsd(half))}
            />
            <FormTextField
              label={offerTermsCopy.autoAcceptFrom}
              inputMode="decimal"
              name={accept.name}
              value={accept.value}
              onChange={accept.onChange}
              onBlur={accept.onBlur}
              error={accept.error}
              helperText={accept.shown ?? offerTermsCopy.autoAcceptHint}
            />
          </>
        )}
        {refused && <Alert severity="error">{refused}</Alert>}
        <div role="status">{saved && <Alert severity="success">{offerTermsCopy.saved}</Alert>}</div>
        <div>
          <Button type="submit" variant="outlined" aria-disabled={formik.isSubmitting || undefined}>
            {formik.isSubmitting ? offerTermsCopy.saving : offerTermsCopy.save}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
