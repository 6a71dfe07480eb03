/*
 * The files a save uploads after its cover. The store lets a file travel in an action only as the
 * cover (`payload.image`, see src/app/storeShell.ts), so the action names the others by key and
 * the files wait here for the flow. Only the latest save's files are kept.
 */
let latest: ReadonlyMap<string, File> = new Map();

/** The files of the save about to be requested, by the keys its `more` photos name. */
export function handOverFiles(files: ReadonlyMap<string, File>): void {
  latest = files;
}

export const handedOverFile = (key: string): File | undefined => latest.get(key);
