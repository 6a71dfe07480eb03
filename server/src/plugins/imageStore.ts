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

export default fp(
  async (app) => {
    const store = app.config.imageStore === 'database' ? databaseImageStore(app.db) : diskImageStore(uploadsDirOf(app.config), app.config.dataDir);
    app.decorate('imageStore', store);
  },
  { name: 'imageStore', dependencies: ['config', 'database'] },
);
