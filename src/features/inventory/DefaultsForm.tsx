import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useGetCategoriesQuery } from '../../api/categoriesApi';
import { errorMessage } from '../../api/baseApi';
import { FormSelectField, FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { useSaveInventoryDefaultsMutation, type Delivery, type InventoryDefaults } from './inventoryApi';
import { inventoryWords } from './inventoryWords';

const words = inventoryWords.defaults;

interface Values {
  phone: string;
  location: string;
  delivery: Delivery | '';
  category: string;
}

const schema = Yup.object({
  phone: Yup.string().trim().max(40).required(words.phoneRequired),
  location: Yup.string().trim().max(200),
});

const toDefaults = (values: Values): InventoryDefaults => ({
  phone: values.phone.trim() || null,
  location: values.location.trim() || null,
  delivery: values.delivery || null,
  category: values.category || null,
});

/** What a file's rows leave out: the phone (a file never has one), location, delivery and category. */
export function DefaultsForm({ saved }: { saved: InventoryDefaults }) {
  const { data: categories = [] } = useGetCategoriesQuery();
  const [save, saving] = useSaveInventoryDefaultsMutation();
  const formik = useFormik<Values>({
    initialValues: { phone: saved.phone ?? '', location: saved.location ?? '', delivery: saved.delivery ?? '', category: saved.category ?? '' },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values) => {
      await save(toDefaults(values));
    },
  });
  const fieldError = (name: keyof Values) => (formik.touched[name] && typeof formik.errors[name] === 'string' ? formik.errors[name] : undefined);
  const field = (name: keyof Values, label: string) => ({
    name,
    label,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="inventory-defaults" sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Typography id="inventory-defaults" variant="h6" component="h2">
        {words.title}
      </Typography>
      <FormTextField {...field('phone', words.phone)} type="tel" autoComplete="tel" required />
      <FormTextField {...field('location', words.location)} />
      <FormSelectField {...field('delivery', words.delivery)}>
        <option value="">{words.none}</option>
        {(Object.keys(words.deliveries) as Delivery[]).map((delivery) => (
          <option key={delivery} value={delivery}>
            {words.deliveries[delivery]}
          </option>
        ))}
      </FormSelectField>
      <FormSelectField {...field('category', words.category)}>
        <option value="">{words.none}</option>
        {categories.map((category) => (
          <option key={category._id} value={category.category}>
            {category.name}
          </option>
        ))}
      </FormSelectField>
      {saving.isError && <Alert severity="error">{errorMessage(saving.error, copy.errors.generic)}</Alert>}
      <Box>
        <Button type="submit" variant="outlined" aria-disabled={saving.isLoading}>
          {words.save}
        </Button>
      </Box>
    </Box>
  );
}
