import fp from 'fastify-plugin';
import { createStorage } from '../services/storage/create-storage.ts';
import type { Storage } from '../services/storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (posts, stories), local or S3 (config.storage). */
    storage: Storage;
  }
}

export interface StoragePluginOptions {
  /** Replaces the configured driver (tests). */
  storage?: Storage;
}

export const storagePlugin = fp<StoragePluginOptions>(
  async (app, options) => {
    app.decorate('storage', options.storage ?? createStorage(app.config.storage));
  },
  { name: 'storage', dependencies: ['db'] },
);
