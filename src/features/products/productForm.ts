import * as Yup from 'yup';
import { copy } from '../../config/copy';
import { IMAGE_MAX_BYTES } from '../../config/uploads';
import type { Product } from '../../types/entities';
import type { AddProductRequest } from './addProductSlice';
import { isAcceptedImage } from './imageFiles';
import { toIsbn13 } from './isbn';

export interface AddProductValues {
  isbn: string;
  name: string;
  author: string;
  price: string;
  orginal_price: string;
  phone: string;
  location: string;
  category: string;
  uses: string;
  condition: string;
  description: string;
  /** A chosen file, uploaded on submit. */
  image: File | null;
  /** A photo already on the image host: the looked-up cover, or an edited listing's own. */
  imageUrl: string;
  meetup: boolean;
  shipping: boolean;
  shippingPrice: string;
}

export const emptyProductValues: AddProductValues = {
  isbn: '',
  name: '',
  author: '',
  price: '',
  orginal_price: '',
  phone: '',
  location: '',
  category: '',
  uses: '',
  condition: copy.products.conditions[0],
  description: '',
  image: null,
  imageUrl: '',
  meetup: true,
  shipping: false,
  shippingPrice: '',
};

/** A listing as the form shows it, to be edited. */
export function valuesOfProduct(product: Product): AddProductValues {
  const delivery = product.delivery;
  return {
    ...emptyProductValues,
    isbn: product.isbn ?? '',
    name: product.name,
    author: product.author ?? '',
    price: String(product.price),
    orginal_price: product.orginal_price === undefined ? '' : String(product.orginal_price),
    phone: product.phone,
    location: product.location,
    category: product.category ?? '',
    uses: product.uses ?? '',
    condition: product.condition || emptyProductValues.condition,
    description: product.description,
    imageUrl: product.image,
    ...(delivery
      ? { meetup: delivery.meetup, shipping: delivery.shipping, shippingPrice: delivery.shippingPrice === null ? '' : String(delivery.shippingPrice) }
      : {}),
  };
}

/** The condition whose copies must say what is wrong with them, in the description. */
export const CONDITION_WITH_DEFECTS = 'Fair';

const isNumber = (value: string | undefined) => !value || Number.isFinite(Number(value));

// Light on purpose: only what the API cannot do without, so an upload is never wasted on a rejected post.
export const productSchema = Yup.object({
  // Optional; when given, a real ISBN (its check digit and registration group).
  isbn: Yup.string().test('isbn', copy.products.isbnInvalid, (value) => !value?.trim() || toIsbn13(value) !== undefined),
  name: Yup.string().trim().required(copy.products.nameRequired),
  price: Yup.string()
    .required(copy.products.priceRequired)
    .test('number', copy.products.notANumber, isNumber)
    .test('min', copy.products.pricePositive, (value) => !value || Number(value) >= 0.5),
  orginal_price: Yup.string().test('number', copy.products.notANumber, isNumber),
  // A Fair copy's defects are noted in its description, which its book page shows under the condition.
  description: Yup.string().when('condition', {
    is: CONDITION_WITH_DEFECTS,
    then: (rule) => rule.trim().required(copy.products.defectsRequired),
  }),
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
  // The image host's own limits, checked before anything is sent; a photo already there needs no file.
  image: Yup.mixed<File>()
    .nullable()
    .test('required', copy.products.imageRequired, function chosen(file) {
      return Boolean(file) || Boolean((this.parent as AddProductValues).imageUrl);
    })
    .test('type', copy.products.wrongType, (file) => !file || isAcceptedImage(file))
    .test('size', copy.products.tooLarge, (file) => !file || file.size <= IMAGE_MAX_BYTES),
});

/** The listing an edit changes: its id, and the photo it has (sent again only when replaced). */
export interface EditedListing {
  productId: string;
  imageUrl: string;
}

/**
 * The wire payload: empty optional fields are left out rather than sent blank. A new listing
 * offering a meet-up only says nothing of delivery (the spec's call stays as it was); an edit
 * always says what it offers.
 */
export function toRequest(values: AddProductValues, edited?: EditedListing): AddProductRequest {
  const productId = edited?.productId;
  const newImageUrl = !values.image && values.imageUrl && values.imageUrl !== edited?.imageUrl ? values.imageUrl : undefined;
  const offersDefault = !values.shipping && values.meetup;
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
      ...(values.author.trim() ? { author: values.author.trim() } : {}),
      ...(values.isbn.trim() ? { isbn: values.isbn.trim() } : {}),
      ...(offersDefault && !productId
        ? {}
        : {
            delivery: {
              meetup: values.meetup,
              shipping: values.shipping,
              ...(values.shipping ? { shippingPrice: Number(values.shippingPrice) } : {}),
            },
          }),
    },
    image: values.image,
    ...(newImageUrl ? { imageUrl: newImageUrl } : {}),
    ...(productId ? { productId } : {}),
  };
}
