import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import * as Yup from 'yup';
import { FormSelectField, FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { IMAGE_MAX_BYTES } from '../../config/uploads';
import { formatUsd, sellerShare, type CommissionRate } from '../../lib/money';
import { formatFileSize, isAcceptedImage } from './imageFiles';
import type { Category } from '../../types/entities';
import type { AddProductRequest, AddProductStatus } from './addProductSlice';
import { DeliveryFields } from './DeliveryFields';
import { ProductImageInput } from './ProductImageInput';

export interface AddProductValues {
  name: string;
  price: string;
  orginal_price: string;
  phone: string;
  location: string;
  category: string;
  uses: string;
  condition: string;
  description: string;
  image: File | null;
  meetup: boolean;
  shipping: boolean;
  shippingPrice: string;
}

const initialValues: AddProductValues = {
  name: '',
  price: '',
  orginal_price: '',
  phone: '',
  location: '',
  category: '',
  uses: '',
  condition: copy.products.conditions[0],
  description: '',
  image: null,
  meetup: true,
  shipping: false,
  shippingPrice: '',
};

const isNumber = (value: string | undefined) => !value || Number.isFinite(Number(value));

// Light on purpose: only what the API cannot do without, so an upload is never wasted on a rejected post.
const addProductSchema = Yup.object({
  name: Yup.string().trim().required(copy.products.nameRequired),
  price: Yup.string()
    .required(copy.products.priceRequired)
    .test('number', copy.products.notANumber, isNumber)
    .test('min', copy.products.pricePositive, (value) => !value || Number(value) >= 0.5),
  orginal_price: Yup.string().test('number', copy.products.notANumber, isNumber),
  // At least one way to the buyer; the error shows under the two checkboxes.
  shipping: Yup.boolean().test('one', copy.delivery.oneRequired, function oneOffered(shipping) {
    return Boolean(shipping) || Boolean((this.parent as AddProductValues).meetup);
  }),
  shippingPrice: Yup.string().when('shipping', {
    is: true,
    then: (rule) =>
      rule
        .required(copy.delivery.shippingPriceRequired)
        .test('number', copy.products.notANumber, isNumber)
        .test('range', copy.delivery.shippingPriceRange, (value) => !value || (Number(value) >= 0 && Number(value) <= 1000)),
  }),
  phone: Yup.string().trim().required(copy.products.phoneRequired),
  location: Yup.string().trim().required(copy.products.locationRequired),
  // The image host's own limits, checked before anything is sent.
  image: Yup.mixed<File>()
    .nullable()
    .required(copy.products.imageRequired)
    .test('type', copy.products.wrongType, (file) => !file || isAcceptedImage(file))
    .test('size', copy.products.tooLarge, (file) => !file || file.size <= IMAGE_MAX_BYTES),
});

/**
 * "You will receive $11.50" for the price as typed, at the commission the API charges: nothing
 * while the price is empty or not one the form takes (a number of at least $0.50, whole cents).
 */
function receiveLine(typed: string | number, commission: CommissionRate | undefined): string | undefined {
  // Formik hands a number field's value over as a number ('' when empty or not a number).
  const price = typeof typed === 'number' ? typed : typed.trim() ? Number(typed) : NaN;
  if (!commission || !Number.isFinite(price) || price < 0.5) return undefined;
  if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) return undefined;
  return copy.earnings.willReceive(formatUsd(sellerShare(price, commission)));
}

/** The wire payload: empty optional fields are left out rather than sent blank. */
function toRequest(values: AddProductValues, image: File): AddProductRequest {
  return {
    product: {
      name: values.name.trim(),
      price: Number(values.price),
      phone: values.phone.trim(),
      location: values.location.trim(),
      condition: values.condition,
      description: values.description.trim(),
      ...(values.category ? { category: values.category } : {}),
      ...(values.orginal_price ? { orginal_price: Number(values.orginal_price) } : {}),
      uses: values.uses.trim(),
      // A meet-up only is what the API lists without a word: the spec's call stays as it was.
      ...(values.shipping || !values.meetup
        ? {
            delivery: {
              meetup: values.meetup,
              shipping: values.shipping,
              ...(values.shipping ? { shippingPrice: Number(values.shippingPrice) } : {}),
            },
          }
        : {}),
    },
    image,
  };
}

// Each field re-renders only when its own props change, not on every key typed elsewhere.
const Field = memo(FormTextField);
const Select = memo(FormSelectField);
const conditionOptions = copy.products.conditions.map((condition) => (
  <option key={condition} value={condition}>
    {condition}
  </option>
));

interface Props {
  categories: Category[];
  /** The commission on a price (`GET /earnings`); until it comes, no "You will receive" line. */
  commission?: CommissionRate;
  /** Shown under the category select when the categories could not be loaded. */
  categoriesNotice?: ReactNode;
  status: AddProductStatus;
  /** How much of the image has gone out, in percent, once the browser says. */
  uploadPercent?: number | null;
  error: string | null;
  onSubmit(request: AddProductRequest): void;
  /** Stop the upload under way. */
  onCancel(): void;
}

export function AddProductForm({ categories, commission, categoriesNotice, status, uploadPercent = null, error, onSubmit, onCancel }: Props) {
  const busy = status === 'uploading' || status === 'saving';
  const formik = useFormik<AddProductValues>({
    initialValues,
    validationSchema: addProductSchema,
    onSubmit: (values) => {
      if (values.image) onSubmit(toRequest(values, values.image));
    },
  });
  const fieldError = (name: keyof AddProductValues) =>
    formik.touched[name] && typeof formik.errors[name] === 'string' ? formik.errors[name] : undefined;
  const field = (name: Exclude<keyof AddProductValues, 'image' | 'meetup' | 'shipping'>, label: string) => ({
    name,
    label,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
    disabled: busy,
  });
  const categoryOptions = useMemo(
    () => [
      <option key="" value="">
        {copy.products.noCategory}
      </option>,
      ...categories.map((category) => (
        <option key={category._id} value={category.category}>
          {category.name}
        </option>
      )),
    ],
    [categories],
  );
  const { setFieldTouched, setFieldValue } = formik;
  const chooseImage = useCallback(
    (file: File | null) => {
      void setFieldTouched('image', true, false);
      void setFieldValue('image', file);
    },
    [setFieldTouched, setFieldValue],
  );

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Field {...field('name', copy.products.name)} required />
        {/* Under the price, what the seller keeps of it; a mistake in the price says so instead. */}
        <Field
          {...field('price', copy.products.price)}
          helperText={fieldError('price') ?? receiveLine(formik.values.price, commission)}
          required
          type="number"
          min={0.5}
          step={0.01}
        />
        <Field {...field('orginal_price', copy.products.originalPrice)} type="number" min={0} step={0.01} />
        <Field {...field('phone', copy.products.phone)} required type="tel" />
        <Field {...field('location', copy.products.location)} required />
        <Select {...field('category', copy.products.category)}>{categoryOptions}</Select>
        {categoriesNotice && <Box sx={{ gridColumn: '1 / -1' }}>{categoriesNotice}</Box>}
        <Field {...field('uses', copy.products.uses)} />
        <Select {...field('condition', copy.products.condition)}>{conditionOptions}</Select>
      </Box>
      <Field {...field('description', copy.products.description)} multiline minRows={3} />
      <DeliveryFields
        meetup={formik.values.meetup}
        shipping={formik.values.shipping}
        error={fieldError('shipping')}
        disabled={busy}
        onChange={(name, checked) => {
          void formik.setFieldTouched('shipping', true, false);
          void formik.setFieldValue(name, checked);
        }}
      >
        {formik.values.shipping && (
          <Field {...field('shippingPrice', copy.delivery.shippingPrice)} required type="number" min={0} step={0.01} inputMode="decimal" />
        )}
      </DeliveryFields>
      <ProductImageInput
        id="product-image"
        file={formik.values.image}
        error={fieldError('image')}
        disabled={busy}
        onChange={chooseImage}
      />
      {busy && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box role="status" sx={{ flex: 1 }}>
            <Typography variant="body2">{status === 'uploading' ? copy.products.uploading : copy.products.saving}</Typography>
            {status === 'uploading' && formik.values.image && (
              <Typography variant="body2" color="text.secondary">
                {copy.products.uploadingFile(formik.values.image.name, formatFileSize(formik.values.image.size))}
              </Typography>
            )}
            {status === 'uploading' && uploadPercent !== null ? (
              <LinearProgress variant="determinate" value={uploadPercent} aria-label={copy.products.uploadedPercent(uploadPercent)} />
            ) : (
              <LinearProgress aria-label={status === 'uploading' ? copy.products.uploading : copy.products.saving} />
            )}
          </Box>
          {/* Once the image is up, the product is being saved: too late to cancel. */}
          {status === 'uploading' && (
            <Button variant="outlined" onClick={onCancel}>
              {copy.products.cancelUpload}
            </Button>
          )}
        </Box>
      )}
      {status === 'cancelled' && (
        <Alert severity="info" role="status">
          {copy.products.uploadCancelled}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {copy.products.submit}
        </Button>
      </Box>
    </Box>
  );
}
