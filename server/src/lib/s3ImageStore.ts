import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { UPLOAD_FILE_NAME, type ImageStore } from './imageStore';
import { VARIANT_WIDTHS } from './imageVariants';

/** Where an S3-compatible object store is (`IMAGE_STORE=s3`): AWS, or MinIO, R2, s3rver… */
export interface S3Settings {
  bucket: string;
  /** `S3_ENDPOINT`; unset, AWS's own for the region. */
  endpoint?: string;
  region: string;
  /** `S3_FORCE_PATH_STYLE=1`: `endpoint/bucket/key` (most stores other than AWS want it). */
  forcePathStyle: boolean;
  /** `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`; unset, the SDK's own chain (environment, profile, role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `S3_PREFIX`: a folder in the bucket for the shop's images (default `images/`). */
  prefix: string;
}

const notFound = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey'));

/**
 * Uploads and their narrower copies as objects of one bucket: `<prefix>originals/<name>` and
 * `<prefix>w<width>/<name>`. Every API process on every machine reads the same bucket. An object
 * store cannot join the database transaction that records the upload's row; bytes whose row
 * never committed have no row, and the sweep removes them (`storedBefore`).
 */
export function s3ImageStore(settings: S3Settings, client = new S3Client({
  region: settings.region,
  endpoint: settings.endpoint,
  forcePathStyle: settings.forcePathStyle,
  credentials: settings.credentials,
  maxAttempts: 3,
})): ImageStore & { client: S3Client } {
  const { bucket, prefix } = settings;
  const originalKey = (fileName: string) => `${prefix}originals/${fileName}`;
  const variantKey = (fileName: string, width: number) => `${prefix}w${width}/${fileName}`;

  async function get(key: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!object.Body) return undefined;
      const bytes = Buffer.from(await object.Body.transformToByteArray());
      return { bytes, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  return {
    client,
    async save(fileName, image) {
      // Names are random and never reused: a second write of one would be a bug, refused.
      await client.send(new PutObjectCommand({
        Bucket: bucket, Key: originalKey(fileName), Body: image.bytes, ContentType: image.contentType, IfNoneMatch: '*',
      }));
    },
    read: (fileName, width) => get(width === undefined ? originalKey(fileName) : variantKey(fileName, width)),
    async saveVariant(fileName, width, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: variantKey(fileName, width), Body: bytes, ContentType: 'image/webp' }));
    },
    async remove(fileName) {
      const keys = [originalKey(fileName), ...VARIANT_WIDTHS.map((width) => variantKey(fileName, width))];
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    },
    async storedBefore(cutoff) {
      const old: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}originals/`, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(`${prefix}originals/`.length) ?? '';
          if (UPLOAD_FILE_NAME.test(name) && object.LastModified && object.LastModified < cutoff) old.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return old;
    },
  };
}
