import { isConnectionError } from '@mapsmith/postgres';

/**
 * Whether `err` means the database could not be reached (Postgres restarting, a network cut)
 * rather than that a statement failed. A crawl interrupted this way is not failed: its worker
 * stops and records nothing, its lease runs out, and a worker resumes it from the stored
 * frontier once the database answers again. SQLite, in the process, never gives this error.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  return isConnectionError(err);
}
