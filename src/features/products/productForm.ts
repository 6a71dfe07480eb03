import * as Yup from 'yup';
import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import type { AddProductRequest } from './addProductSlice';
import { toIsbn13 } from './isbn';
import { listedPhotos, MAX_PHOTOS, photoProblem, samePhotos, type ProductPhoto } from './productPhotos';
import type { ListedProduct } from './productsApi';

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
  /** The listing's photos in order, the cover first: chosen files are uploaded on submit. */
  photos: ProductPhoto[];
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
  photos: [],
  meetup: true,
  shipping: false,
  shippingPrice: '',
};

/** A listing's photos as the API answers them, the cover first (an answer without `images` has its cover alone). */
export const listingImages = (product: ListedProduct): string[] => (product.images?.length ? product.images : [product.image]);

/** A listing as the form shows it, to be edited. */
export function valuesOfProduct(product: ListedProduct): AddProductValues {
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
    photos: listedPhotos(listingImages(product)),
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
  isbn: Yup.string().test('isbn', productsCopy.isbnInvalid, (value) => !value?.trim() || toIsbn13(value) !== undefined),
  name: Yup.string().trim().required(productsCopy.nameRequired),
  price: Yup.string()
    .required(productsCopy.priceRequired)
    .test('number', productsCopy.notANumber, isNumber)
    .test('min', productsCopy.pricePositive, (value) => !value || Number(value) >= 0.5),
  orginal_price: Yup.string().test('number', productsCopy.notANumber, isNumber),
  // A Fair copy's defects are noted in its description, which its book page shows under the condition.
  description: Yup.string().when('condition', {
    is: CONDITION_WITH_DEFECTS,
    then: (rule) => rule.trim().required(productsCopy.defectsRequired),
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
        .test('number', productsCopy.notANumber, isNumber)
        .test('range', copy.delivery.shippingPriceRange, (value) => !value || (Number(value) >= 0 && Number(value) <= 1000)),
  }),
  phone: Yup.string().trim().required(productsCopy.phoneRequired),
  location: Yup.string().trim().required(productsCopy.locationRequired),
  // At least one photo; each chosen file within the image host's own limits, checked before anything is sent.
  photos: Yup.array()
    .min(1, productsCopy.imageRequired)
    .max(MAX_PHOTOS, productsCopy.tooManyPhotos)
    .of(
      Yup.mixed<ProductPhoto>().test('file', function sendable(photo) {
        const problem = photo && photoProblem(photo);
        return problem ? this.createError({ message: problem }) : true;
      }),
    ),
});

/** The listing an edit changes: its id, and the photos it has (sent again only when changed). */
export interface EditedListing {
  productId: string;
  images: readonly string[];
}

/** A submit: the request for the flow, and the chosen files after the cover that it names by key. */
export interface ProductSubmit {
  request: AddProductRequest;
  files: Map<string, File>;
}

/** The photos as the request names them (see `AddProductRequest`), and the files it names by key. */
function photoFields(photos: readonly ProductPhoto[]): Pick<AddProductRequest, 'image' | 'imageUrl' | 'more'> & { files: Map<string, File> } {
  const [cover, ...rest] = photos;
  const files = new Map<string, File>();
  const more = rest.map((photo) => {
    if ('url' in photo) return { url: photo.url };
    files.set(photo.id, photo.file);
    return { key: photo.id };
  });
  return {
    image: cover && 'file' in cover ? cover.file : null,
    ...(cover && 'url' in cover ? { imageUrl: cover.url } : {}),
    ...(more.length > 0 ? { more } : {}),
    files,
  };
}

/**
 * The wire payload: empty optional fields are left out rather than sent blank. A new listing
 * offering a meet-up only says nothing of delivery (the spec's call stays as it was); an edit
 * always says what it offers, and names its photos only when they changed.
 */
export function toRequest(values: AddProductValues, edited?: EditedListing): ProductSubmit {
  const productId = edited?.productId;
  const { files, ...photos } = edited && samePhotos(values.photos, edited.images) ? { image: null, files: new Map<string, File>() } : photoFields(values.photos);
  const offersDefault = !values.shipping && values.meetup;
  return {
    request: {
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
      ...photos,
      ...(productId ? { productId } : {}),
    },
    files,
  };
}
