import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getIn, useFormik } from 'formik';
import type { FormEvent } from 'react';
import { errorMessage } from '../../api/baseApi';
import { FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { useSaveShopPolicyMutation } from './bundlesApi';
import { shopPolicyCopy as words } from './copy';
import { distinctMinimums, MAX_DISCOUNTS, policyOf, policySchema, valuesOf, type PolicyValues } from './shopPolicyForm';
import type { ShopPolicy } from './types';

/** The seller's bundle terms: the price of each additional book's shipping, and up to 5 discounts. */
export function ShopPolicyForm({ saved }: { saved: ShopPolicy }) {
  const [save, saving] = useSaveShopPolicyMutation();
  const formik = useFormik<PolicyValues>({
    initialValues: valuesOf(saved),
    enableReinitialize: true,
    validationSchema: policySchema,
    validate: distinctMinimums,
    onSubmit: async (values) => {
      await save(policyOf(values));
    },
  });
  const errorOf = (name: string): string | undefined => {
    const error: unknown = getIn(formik.errors, name);
    return getIn(formik.touched, name) && typeof error === 'string' ? error : undefined;
  };
  const field = (name: string, label: string) => ({
    ...formik.getFieldProps(name),
    label,
    error: Boolean(errorOf(name)),
    helperText: errorOf(name),
  });
  const rows = formik.values.discounts;
  const setRows = (next: PolicyValues['discounts']) => void formik.setFieldValue('discounts', next);
  const shippingError = errorOf('additionalShipping');

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="shop-policy-title"
      onSubmit={(event: FormEvent<HTMLFormElement>) => (formik.isSubmitting ? event.preventDefault() : formik.handleSubmit(event))}
      sx={{ display: 'grid', gap: 3, maxWidth: 640 }}
    >
      <FormTextField
        {...formik.getFieldProps('additionalShipping')}
        label={words.additionalShipping}
        inputMode="decimal"
        error={Boolean(shippingError)}
        helperText={shippingError ?? words.additionalShippingHint}
      />
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h6" sx={{ p: 0 }}>
          {words.discounts}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {rows.length === 0 ? words.noDiscounts : words.discountsHint}
        </Typography>
        <Stack spacing={2}>
          {rows.map((_row, index) => (
            <Box
              key={index}
              role="group"
              aria-label={words.discountGroup(index + 1)}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr auto', sm: '180px 180px auto' }, gap: 1, alignItems: 'start' }}
            >
              <FormTextField {...field(`discounts.${index}.minBooks`, words.minBooks)} inputMode="numeric" />
              <FormTextField {...field(`discounts.${index}.percent`, words.percent)} inputMode="numeric" />
              <IconButton aria-label={words.removeDiscount(index + 1)} onClick={() => setRows(rows.filter((_other, at) => at !== index))} sx={{ mt: 1 }}>
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          ))}
        </Stack>
        {rows.length < MAX_DISCOUNTS && (
          <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setRows([...rows, { minBooks: '', percent: '' }])}>
            {words.addDiscount}
          </Button>
        )}
      </Box>
      {saving.isError && <Alert severity="error">{errorMessage(saving.error, copy.errors.generic)}</Alert>}
      <div>
        <Button type="submit" variant="contained" aria-disabled={formik.isSubmitting || undefined}>
          {formik.isSubmitting ? words.saving : words.save}
        </Button>
      </div>
    </Box>
  );
}
