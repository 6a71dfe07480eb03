import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { FormSelectField, FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { formatUsd, sellerShare, type CommissionRate } from '../../lib/money';
import type { Category } from '../../types/entities';
import type { AddProductRequest, AddProductStatus } from './addProductSlice';
import { DeliveryFields } from './DeliveryFields';
import { formatFileSize } from './imageFiles';
import { toIsbn13 } from './isbn';
import { IsbnField } from './IsbnField';
import type { IsbnLookupState } from './isbnLookupSlice';
import { CONDITION_WITH_DEFECTS, emptyProductValues, productSchema, toRequest, type AddProductValues, type EditedListing } from './productForm';
import { ProductImageInput } from './ProductImageInput';

export type { AddProductValues } from './productForm';

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

// Each field re-renders only when its own props change, not on every key typed elsewhere.
const Field = memo(FormTextField);
const Select = memo(FormSelectField);
const conditionOptions = copy.products.conditions.map((condition) => (
  <option key={condition} value={condition}>
    {condition}
  </option>
));

const NOTHING_LOOKED_UP: IsbnLookupState = { status: 'idle', found: null, error: null };

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
  /** The ISBN lookup: where it stands, and what it found (filled into the form once per find). */
  lookup?: IsbnLookupState;
  /** Look this ISBN-13 up. */
  onLookUp?(isbn13: string): void;
  /** An edit: the listing's values, and which listing. */
  initialValues?: AddProductValues;
  edited?: EditedListing;
}

export function AddProductForm({
  categories,
  commission,
  categoriesNotice,
  status,
  uploadPercent = null,
  error,
  onSubmit,
  onCancel,
  lookup = NOTHING_LOOKED_UP,
  onLookUp,
  initialValues = emptyProductValues,
  edited,
}: Props) {
  const busy = status === 'uploading' || status === 'saving';
  const formik = useFormik<AddProductValues>({
    initialValues,
    validationSchema: productSchema,
    onSubmit: (values) => onSubmit(toRequest(values, edited)),
  });
  const fieldError = (name: keyof AddProductValues) =>
    formik.touched[name] && typeof formik.errors[name] === 'string' ? formik.errors[name] : undefined;
  const field = (name: Exclude<keyof AddProductValues, 'image' | 'imageUrl' | 'meetup' | 'shipping'>, label: string) => ({
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
  const { setFieldTouched, setFieldValue, setValues } = formik;
  const chooseImage = useCallback(
    (file: File | null) => {
      void setFieldTouched('image', true, false);
      void setFieldValue('image', file);
    },
    [setFieldTouched, setFieldValue],
  );

  // What a lookup found fills the form in, once per find; a find from before this form opened does not.
  const found = lookup.found;
  const foundBefore = useRef(found);
  useEffect(() => {
    if (!found || found === foundBefore.current) return;
    void setValues((values) => ({
      ...values,
      name: found.name || values.name,
      author: found.author || values.author,
      imageUrl: found.cover ?? values.imageUrl,
    }));
  }, [found, setValues]);

  const lookUp = () => {
    void setFieldTouched('isbn', true);
    const isbn13 = toIsbn13(formik.values.isbn);
    if (isbn13) onLookUp?.(isbn13);
  };

  const defectsNeeded = formik.values.condition === CONDITION_WITH_DEFECTS;
  const keptImage = formik.values.imageUrl;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      {onLookUp && <IsbnField field={field('isbn', copy.products.isbn)} lookup={lookup} onLookUp={lookUp} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Field {...field('name', copy.products.name)} required />
        <Field {...field('author', copy.products.author)} />
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
        {/* The chosen condition's definition under it (the options keep the shop's spellings alone). */}
        <Select {...field('condition', copy.products.condition)} helperText={copy.bookPage.conditionNotes[formik.values.condition]}>
          {conditionOptions}
        </Select>
      </Box>
      <Field
        {...field('description', copy.products.description)}
        helperText={fieldError('description') ?? (defectsNeeded ? copy.products.defectsRequired : undefined)}
        multiline
        minRows={3}
      />
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
        kept={keptImage ? { url: keptImage, alt: keptImage === edited?.imageUrl ? copy.products.currentImage : copy.products.cover } : null}
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
          {edited ? copy.products.save : copy.products.submit}
        </Button>
      </Box>
    </Box>
  );
}
