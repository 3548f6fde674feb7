import type { StorageConfig } from '../../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export function createStorage(config: StorageConfig): Storage {
  if (config.driver === 'local') return createLocalStorage(config.root);
  return createS3Storage(config);
}
