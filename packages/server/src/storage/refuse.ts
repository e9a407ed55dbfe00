import { HttpError } from '../http/errors.js';
import type { DiskSpace } from './disk-space.js';

/** How long a client is asked to wait before trying again once the disk is low. */
const RETRY_AFTER_SECONDS = 300;

/** The 503 answered for work refused, or stopped, because the disk is (nearly) full. */
export function diskFullError(what: string): HttpError {
  return new HttpError(
    503,
    'Out of disk space',
    `The server is low on disk space, so ${what} cannot start now. Please try again later.`,
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    'storage.full',
  );
}

/** Throws the 503 of `diskFullError` while `space` is under its floor. */
export async function refuseWhenLow(space: DiskSpace, what: string): Promise<void> {
  if (await space.low()) throw diskFullError(what);
}
