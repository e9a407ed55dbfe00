import path from 'node:path';
import type { CrawlJobRepository } from '@mapsmith/app';
import type { ServerConfig } from '../config.js';
import type { DiskSpace } from '../storage/disk-space.js';
import { ExportCache } from './export-cache.js';

export { type BuiltExport, ExportCache } from './export-cache.js';

/** Where built exports live inside the data folder. */
export function exportsDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

/** The server's export cache, sized by `MAPSMITH_EXPORT_CACHE_MB`. */
export function createExportCache(
  config: ServerConfig,
  jobs: CrawlJobRepository,
  disk: DiskSpace,
): ExportCache {
  return new ExportCache({
    root: exportsDir(config.dataDir),
    maxBytes: config.exportCacheBytes,
    liveJobs: (ids) => jobs.existing(ids),
    hasRoom: async () => !(await disk.low()),
  });
}
