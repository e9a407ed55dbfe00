import { ApiCallError } from '@mapsmith/core/browser';

/**
 * The text to show for a failed call: the server's explanation when it sent one (its
 * `message`, else its `error`), else the fallback the spec names for that situation.
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiCallError) return err.body?.message || err.body?.error || fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
