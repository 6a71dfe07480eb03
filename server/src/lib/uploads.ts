import path from 'node:path';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/db';
import { imagesRepository, type ImageUsage } from '../repositories/images';
import { HttpError } from './errors';
import type { ImageStore } from './imageStore';

/** Where uploads are stored. */
export const uploadsDirOf = (config: Config) => path.join(config.dataDir, 'images');

export interface UploadQuota {
  images: number;
  bytes: number;
  /** Only for the advice in the refusal: unused uploads go after this many hours. */
  graceHours: number;
}

export const uploadQuotaOf = (config: Config): UploadQuota => ({
  images: config.uploadQuotaImages,
  bytes: config.uploadQuotaBytes,
  graceHours: config.imageGraceHours,
});

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

const freeingAdvice = (quota: UploadQuota) =>
  `Images no listing uses are removed once they are ${quota.graceHours} hours old.`;

/** 429 when the account holds its maximum number of images, 413 when this one would pass the size allowed. */
function refuseOverQuota(usage: ImageUsage, newBytes: number, quota: UploadQuota): void {
  if (usage.images + 1 > quota.images) {
    throw new HttpError(
      429,
      `Upload limit reached: an account keeps at most ${quota.images} images. ${freeingAdvice(quota)}`,
    );
  }
  if (usage.bytes + newBytes > quota.bytes) {
    throw new HttpError(
      413,
      `Upload limit reached: this image (${formatBytes(newBytes)}) would take your images past ` +
        `${formatBytes(quota.bytes)}; they use ${formatBytes(usage.bytes)}. ${freeingAdvice(quota)}`,
    );
  }
}

/** The cheap check before reading an upload at all: is there room for one more image? */
export async function ensureRoomForOneMore(db: Queryable, ownerId: string, quota: UploadQuota): Promise<void> {
  refuseOverQuota(await imagesRepository(db).usageOf(ownerId), 0, quota);
}

export interface UploadToStore {
  fileName: string;
  ownerId: string;
  bytes: Buffer;
  contentType: string;
  createdAt: Date;
}

/**
 * Records the upload against its owner's quota and hands its bytes to the store, in one
 * transaction: a save that fails leaves no row. The owner's uploads are serialised for the check,
 * so two at once cannot both take the last place.
 */
export async function storeUpload(db: Db, store: ImageStore, upload: UploadToStore, quota: UploadQuota): Promise<void> {
  await db.transaction(async (tx) => {
    const images = imagesRepository(tx);
    await images.lockOwner(upload.ownerId);
    refuseOverQuota(await images.usageOf(upload.ownerId), upload.bytes.length, quota);
    await images.insert({ fileName: upload.fileName, ownerId: upload.ownerId, bytes: upload.bytes.length, createdAt: upload.createdAt });
    await store.save(upload.fileName, { bytes: upload.bytes, contentType: upload.contentType }, tx);
  });
}
