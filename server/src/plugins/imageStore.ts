import fp from 'fastify-plugin';
import { databaseImageStore } from '../lib/databaseImageStore';
import { diskImageStore, type ImageStore } from '../lib/imageStore';
import { uploadsDirOf } from '../lib/uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads live: `IMAGE_STORE` (disk by default, the database for several processes). */
    imageStore: ImageStore;
  }
}

/**
 * The database store, still serving what an earlier configuration left on disk: a shop that
 * moves to the database (the default with `DATABASE_URL`) keeps its older uploads readable.
 */
function databaseOverDisk(database: ImageStore, disk: ImageStore): ImageStore {
  return {
    ...database,
    read: async (fileName, width) => (await database.read(fileName, width)) ?? disk.read(fileName, width),
    async remove(fileName) {
      await database.remove(fileName);
      await disk.remove(fileName);
    },
  };
}

export default fp(
  async (app) => {
    const disk = diskImageStore(uploadsDirOf(app.config), app.config.dataDir);
    const { imageStore: kind, s3 } = app.config;
    if (kind === 's3' && !s3) throw new Error('IMAGE_STORE=s3 needs S3_BUCKET');
    // The S3 client loads only for a bucket.
    const store =
      kind === 'database'
        ? databaseOverDisk(databaseImageStore(app.db), disk)
        : kind === 's3' && s3
          ? (await import('../lib/s3ImageStore')).s3ImageStore(s3)
          : disk;
    app.decorate('imageStore', store);
  },
  { name: 'imageStore', dependencies: ['config', 'database'] },
);
