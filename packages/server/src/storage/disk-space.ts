import fs from 'node:fs/promises';
import path from 'node:path';

export { isDiskFull } from '@mapsmith/core';

/** What a crawl, an export or a mail that hit a full disk tells the user. */
export const DISK_FULL_MESSAGE = 'the server ran out of disk space';

/** The job error of a crawl stopped by a full disk (its store failed to write). */
export const DISK_FULL_CRAWL_STOP = `The crawl stopped: ${DISK_FULL_MESSAGE}. Please try again later.`;

/** Free space of the data folder against the floor below which new work is refused. */
export interface DiskSpace {
  /** Bytes free to this process where the data folder lives. */
  free(): Promise<number>;
  /**
   * True while free space is under the floor: new crawls, resumed crawls and export builds
   * wait, so the database keeps room to record what runs and to answer reads.
   */
  low(): Promise<boolean>;
  /** The floor, in bytes (`MAPSMITH_MIN_FREE_MB`). */
  readonly floorBytes: number;
  /**
   * Gives back the reserve: a file of `RESERVE_BYTES` kept in the data folder so that, once a
   * write has failed on a full disk, the database still has room to record that failure
   * (a job marked failed, a lease handed back). Written again when space is above the floor.
   */
  release(): Promise<void>;
}

/** Size of the reserve file: enough for SQLite to record a few small updates. */
export const RESERVE_BYTES = 2 * 1024 * 1024;

/** Name of the reserve file inside the data folder. */
const RESERVE_FILE = '.disk-reserve';

/**
 * Measures `dir`'s file system with statfs; a failed measure counts as enough space. With a
 * floor above 0 it keeps the reserve file, rewritten by `low()` once there is room again.
 */
export function createDiskSpace(dir: string, floorBytes: number): DiskSpace {
  const reserve = path.join(dir, RESERVE_FILE);
  const free = async () => {
    const stats = await fs.statfs(dir);
    return stats.bavail * stats.bsize;
  };
  let held: boolean | null = null;
  const keepReserve = async () => {
    held ??= await fs.stat(reserve).then(
      (s) => s.size === RESERVE_BYTES,
      () => false,
    );
    if (held) return;
    await fs.writeFile(reserve, Buffer.alloc(RESERVE_BYTES), { mode: 0o600 }).then(
      () => {
        held = true;
      },
      () => fs.rm(reserve, { force: true }),
    );
  };
  return {
    floorBytes,
    free,
    low: async () => {
      if (floorBytes <= 0) return false;
      // A folder we cannot measure must not stop the service: the write itself will tell.
      const bytes = await free().catch(() => Number.POSITIVE_INFINITY);
      if (bytes < floorBytes) return true;
      if (bytes >= floorBytes + RESERVE_BYTES) await keepReserve();
      return false;
    },
    release: async () => {
      held = false;
      await fs.rm(reserve, { force: true });
    },
  };
}
