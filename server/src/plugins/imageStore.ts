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
    const store = app.config.imageStore === 'database' ? databaseOverDisk(databaseImageStore(app.db), disk) : disk;
    app.decorate('imageStore', store);
  },
  { name: 'imageStore', dependencies: ['config', 'database'] },
);
