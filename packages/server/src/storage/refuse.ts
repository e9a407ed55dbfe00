import { AppError } from '@mapsmith/app';
import type { DiskSpace } from './disk-space.js';

/** How long a client is asked to wait before trying again once the disk is low. */
const RETRY_AFTER_SECONDS = 300;

/** The 503 answered for work refused, or stopped, because the disk is (nearly) full. */
export function diskFullError(what: string): AppError {
  return new AppError(
    'storage.full',
    'Out of disk space',
    `The server is low on disk space, so ${what} cannot start now. Please try again later.`,
    { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
  );
}

/** Throws the 503 of `diskFullError` while `space` is under its floor. */
export async function refuseWhenLow(space: DiskSpace, what: string): Promise<void> {
  if (await space.low()) throw diskFullError(what);
}
