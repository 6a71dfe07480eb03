import { copy } from '../../config/copy';
import { productsCopy } from './copy';
import { IMAGE_MAX_BYTES } from '../../config/uploads';
import { isAcceptedImage } from './imageFiles';

/** A listing has at most this many photos, the cover first (as the API takes them). */
export const MAX_PHOTOS = 6;

/**
 * A photo in the product form: a file the seller chose (uploaded when the form is saved), or one
 * on the image host already, the listing's own (`listed`) or the cover an ISBN lookup found.
 */
export type ProductPhoto = { id: string; file: File } | { id: string; url: string; origin: 'listed' | 'found' };

let lastId = 0;
const nextId = () => `photo-${(lastId += 1)}`;

export const chosenPhoto = (file: File): ProductPhoto => ({ id: nextId(), file });

/** An edited listing's photos, in its order. */
export const listedPhotos = (urls: readonly string[]): ProductPhoto[] => urls.map((url) => ({ id: nextId(), url, origin: 'listed' }));

/** Why a chosen file cannot be sent (the image host's own limits), or undefined when it can. */
export function photoProblem(photo: ProductPhoto): string | undefined {
  if (!('file' in photo)) return undefined;
  if (!isAcceptedImage(photo.file)) return productsCopy.wrongType;
  if (photo.file.size > IMAGE_MAX_BYTES) return copy.products.tooLarge;
  return undefined;
}

/** The photos with the one at `from` moved to `to`. */
export function movePhoto(photos: readonly ProductPhoto[], from: number, to: number): ProductPhoto[] {
  const moved = [...photos];
  const [photo] = moved.splice(from, 1);
  moved.splice(to, 0, photo);
  return moved;
}

/**
 * The photos with a looked-up cover among them: in place of the cover an earlier lookup found,
 * else after the seller's own (when there is room).
 */
export function withFoundCover(photos: readonly ProductPhoto[], url: string): ProductPhoto[] {
  const found = photos.findIndex((photo) => 'url' in photo && photo.origin === 'found');
  const cover: ProductPhoto = { id: nextId(), url, origin: 'found' };
  if (found >= 0) return photos.map((photo, index) => (index === found ? cover : photo));
  return photos.length < MAX_PHOTOS ? [...photos, cover] : [...photos];
}

/** Whether the photos are exactly these URLs, in this order (an edit that left its photos alone). */
export const samePhotos = (photos: readonly ProductPhoto[], urls: readonly string[]): boolean =>
  photos.length === urls.length && photos.every((photo, index) => 'url' in photo && photo.url === urls[index]);
