import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormSelectField, FormTextField } from '../../components/FormField';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import { formatUsd, sellerShare, type CommissionRate } from '../../lib/money';
import type { Category } from '../../types/entities';
import type { AddProductRequest, AddProductStatus } from './addProductSlice';
import { DeliveryFields } from './DeliveryFields';
import { formatFileSize } from './imageFiles';
import { toIsbn13 } from './isbn';
import { IsbnField } from './IsbnField';
import type { IsbnLookupState } from './isbnLookupSlice';
import type { PhotoUploadsState, PhotoUploadState } from './photoUploadsSlice';
import { CONDITION_WITH_DEFECTS, emptyProductValues, productSchema, toRequest, type AddProductValues, type EditedListing } from './productForm';
import { withFoundCover, type ProductPhoto } from './productPhotos';
import { ProductPhotosInput } from './ProductPhotosInput';

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
  return copy.sellerTake.willReceive(formatUsd(sellerShare(price, commission)));
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
const NO_UPLOADS: PhotoUploadsState = {};

interface Props {
  categories: Category[];
  /** The commission on a price (`GET /earnings`); until it comes, no "You will receive" line. */
  commission?: CommissionRate;
  /** Shown under the category select when the categories could not be loaded. */
  categoriesNotice?: ReactNode;
  status: AddProductStatus;
  /** How much of the photo being sent has gone out, in percent, once the browser says. */
  uploadPercent?: number | null;
  /** Each chosen file's upload in the save under way (or the one that failed), by its place in the save. */
  photoUploads?: PhotoUploadsState;
  error: string | null;
  /** Save: the request, and the chosen files after the cover that it names by key. */
  onSubmit(request: AddProductRequest, files: Map<string, File>): void;
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
  photoUploads = NO_UPLOADS,
  error,
  onSubmit,
  onCancel,
  lookup = NOTHING_LOOKED_UP,
  onLookUp,
  initialValues = emptyProductValues,
  edited,
}: Props) {
  const busy = status === 'uploading' || status === 'saving';
  // The photos in the order of the last save: the uploads' places are places in it.
  const [savedOrder, setSavedOrder] = useState<readonly ProductPhoto[]>([]);
  const formik = useFormik<AddProductValues>({
    initialValues,
    validationSchema: productSchema,
    onSubmit: (values) => {
      setSavedOrder(values.photos);
      const { request, files } = toRequest(values, edited);
      onSubmit(request, files);
    },
  });
  const fieldError = (name: keyof AddProductValues) =>
    formik.touched[name] && typeof formik.errors[name] === 'string' ? formik.errors[name] : undefined;
  const field = (name: Exclude<keyof AddProductValues, 'photos' | 'meetup' | 'shipping'>, label: string) => ({
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
        {productsCopy.noCategory}
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
  const changePhotos = useCallback(
    (photos: ProductPhoto[]) => {
      void setFieldTouched('photos', true, false);
      void setFieldValue('photos', photos);
    },
    [setFieldTouched, setFieldValue],
  );
  const uploadsByPhoto = useMemo(() => {
    const byPhoto: Record<string, PhotoUploadState> = {};
    for (const [place, upload] of Object.entries(photoUploads)) {
      const photo = savedOrder[Number(place)];
      if (photo) byPhoto[photo.id] = upload;
    }
    return byPhoto;
  }, [photoUploads, savedOrder]);
  // The file going out now (or next), named beside Cancel with how much of it has gone.
  const [sendingPlace, sendingUpload] =
    Object.entries(photoUploads).find(([, upload]) => upload.status === 'sending' || upload.status === 'waiting') ?? [];
  const sending = sendingPlace === undefined ? undefined : savedOrder[Number(sendingPlace)];
  const sendingFile = sending && 'file' in sending ? sending.file : null;
  const sentPercent = sendingUpload ? sendingUpload.percent : uploadPercent;

  // What a lookup found fills the form in, once per find; a find from before this form opened does not.
  const found = lookup.found;
  const foundBefore = useRef(found);
  useEffect(() => {
    if (!found || found === foundBefore.current) return;
    void setValues((values) => ({
      ...values,
      name: found.name || values.name,
      author: found.author || values.author,
      photos: found.cover ? withFoundCover(values.photos, found.cover) : values.photos,
    }));
  }, [found, setValues]);

  const lookUp = () => {
    void setFieldTouched('isbn', true);
    const isbn13 = toIsbn13(formik.values.isbn);
    if (isbn13) onLookUp?.(isbn13);
  };

  const defectsNeeded = formik.values.condition === CONDITION_WITH_DEFECTS;
  // Per photo, why its file cannot be sent (the schema's verdict on each).
  const photoErrors = formik.touched.photos && Array.isArray(formik.errors.photos) ? (formik.errors.photos as Array<string | undefined>) : undefined;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      {onLookUp && <IsbnField field={field('isbn', productsCopy.isbn)} lookup={lookup} onLookUp={lookUp} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Field {...field('name', productsCopy.name)} required />
        <Field {...field('author', productsCopy.author)} />
        {/* Under the price, what the seller keeps of it; a mistake in the price says so instead. */}
        <Field
          {...field('price', productsCopy.price)}
          helperText={fieldError('price') ?? receiveLine(formik.values.price, commission)}
          required
          type="number"
          min={0.5}
          step={0.01}
        />
        <Field {...field('orginal_price', productsCopy.originalPrice)} type="number" min={0} step={0.01} />
        <Field {...field('phone', productsCopy.phone)} required type="tel" />
        <Field {...field('location', productsCopy.location)} required />
        <Select {...field('category', productsCopy.category)}>{categoryOptions}</Select>
        {categoriesNotice && <Box sx={{ gridColumn: '1 / -1' }}>{categoriesNotice}</Box>}
        <Field {...field('uses', productsCopy.uses)} />
        {/* The chosen condition's definition under it (the options keep the shop's spellings alone). */}
        <Select {...field('condition', productsCopy.condition)} helperText={copy.bookPage.conditionNotes[formik.values.condition]}>
          {conditionOptions}
        </Select>
      </Box>
      <Field
        {...field('description', productsCopy.description)}
        helperText={fieldError('description') ?? (defectsNeeded ? productsCopy.defectsRequired : undefined)}
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
      <ProductPhotosInput
        id="product-image"
        photos={formik.values.photos}
        problems={photoErrors}
        error={fieldError('photos')}
        uploads={uploadsByPhoto}
        disabled={busy}
        onChange={changePhotos}
        onRetry={() => void formik.submitForm()}
      />
      {busy && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box role="status" sx={{ flex: 1 }}>
            <Typography variant="body2">{status === 'uploading' ? productsCopy.uploading : productsCopy.saving}</Typography>
            {status === 'uploading' && sendingFile && (
              <Typography variant="body2" color="text.secondary">
                {productsCopy.uploadingFile(sendingFile.name, formatFileSize(sendingFile.size))}
              </Typography>
            )}
            {status === 'uploading' && sentPercent !== null ? (
              <LinearProgress variant="determinate" value={sentPercent} aria-label={productsCopy.uploadedPercent(sentPercent)} />
            ) : (
              <LinearProgress aria-label={status === 'uploading' ? productsCopy.uploading : productsCopy.saving} />
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
          {productsCopy.uploadCancelled}
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {edited ? productsCopy.save : productsCopy.submit}
        </Button>
      </Box>
    </Box>
  );
}
