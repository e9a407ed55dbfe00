import { FetchError, type HttpFetcher } from '@mapsmith/core';

/** Whether the site publishes the key, and if not, why (in words for the user). */
export type KeyFileCheck = { ok: true } | { ok: false; reason: string };

/**
 * Fetches `keyLocation` on the user's own site through the SSRF-guarded fetcher (no redirects
 * followed, 1 KiB read) and checks that it answers 200 with exactly the key. Submitting without
 * a live key file only earns a 403 from IndexNow, so this is checked first.
 */
export async function checkKeyFile(
  fetcher: HttpFetcher,
  keyLocation: string,
  key: string,
): Promise<KeyFileCheck> {
  try {
    const res = await fetcher.fetch({
      url: keyLocation,
      maxBodyBytes: 1024,
      headers: { Accept: 'text/plain' },
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status !== 200) {
      return { ok: false, reason: `${keyLocation} answered HTTP ${res.status}` };
    }
    const body = Buffer.from(res.body).toString('utf8').trim();
    if (body !== key) return { ok: false, reason: `${keyLocation} does not contain the key` };
    return { ok: true };
  } catch (err) {
    const why = err instanceof FetchError ? err.message : String(err);
    return { ok: false, reason: `${keyLocation} could not be fetched (${why})` };
  }
}
