import { IMAGE_TYPES } from '../../config/uploads';

/** A type the image host takes (PNG, JPEG, WebP, GIF). */
export const isAcceptedImage = (file: Pick<File, 'type'>): boolean => (IMAGE_TYPES as readonly string[]).includes(file.type);

/** "820 KB", "4.8 MB": how big a chosen file is, as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
