import path from 'node:path';
import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { MediaStorage } from './storage';

/** The configured store of pictures and videos: an S3-compatible bucket, or the disk under DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, 'media' | 'dataDir'>): MediaStorage {
  return config.media.s3
    ? new S3Storage(config.media.s3)
    : new LocalStorage(path.join(config.dataDir, 'media'));
}
