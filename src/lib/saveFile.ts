import type { DownloadFile } from '../app/services';

/**
 * Saves text made in the browser as a download: an object URL behind a temporary `<a download>`,
 * clicked and removed. The URL is released after the click has been handled, since some browsers
 * read it only then.
 */
export function saveFile({ name, type, content }: DownloadFile): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
