/** IndexNow accepts at most this many URLs per request. */
import { formatCount, plural } from '@mapsmith/core';
export const INDEXNOW_BATCH_LIMIT = 10_000;

/** What one IndexNow answer means, in the protocol's own terms (indexnow.org/documentation). */
export function explainIndexNowStatus(status: number): string {
  switch (status) {
    case 200:
      return 'URLs submitted successfully';
    case 202:
      return 'URLs received; IndexNow is still validating the key';
    case 400:
      return 'Bad request: IndexNow rejected the format of the submission';
    case 403:
      return 'Forbidden: the key is not valid (key file not found or its content does not match)';
    case 422:
      return 'Unprocessable: the URLs do not belong to the host, or the key does not match the site';
    case 429:
      return 'Too many requests: IndexNow is throttling this site (possible spam); try again later';
    default:
      return `IndexNow answered HTTP ${status}`;
  }
}

/** One submission: the site, its key and where the key file is, and the URLs. */
export interface IndexNowSubmission {
  endpoint: string;
  host: string;
  key: string;
  keyLocation: string;
  urls: string[];
}

/** The result of a submission, batch by batch until one fails. */
export interface IndexNowResult {
  ok: boolean;
  /** Status of the last batch sent; null when the endpoint could not be reached. */
  status: number | null;
  message: string;
  /** URLs in batches IndexNow accepted. */
  accepted: number;
}

/**
 * Posts the URLs to IndexNow in batches of at most 10,000 (`{host, key, keyLocation, urlList}`).
 * 200 and 202 count as accepted; any other answer stops the submission and is explained.
 */
export async function submitToIndexNow(
  submission: IndexNowSubmission,
  timeoutMs = 20_000,
): Promise<IndexNowResult> {
  const { endpoint, host, key, keyLocation, urls } = submission;
  let accepted = 0;
  let status: number | null = null;
  const batches = Math.ceil(urls.length / INDEXNOW_BATCH_LIMIT);
  for (let i = 0; i < batches; i++) {
    const urlList = urls.slice(i * INDEXNOW_BATCH_LIMIT, (i + 1) * INDEXNOW_BATCH_LIMIT);
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ host, key, keyLocation, urlList }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      return {
        ok: false,
        status: null,
        accepted,
        message: `IndexNow could not be reached (${String(err)}); ${formatCount(accepted)} of ${plural(urls.length, 'URL')} submitted`,
      };
    }
    if (status !== 200 && status !== 202) {
      const done =
        batches > 1
          ? ` (batch ${i + 1} of ${batches}; ${plural(accepted, 'URL')} accepted before it)`
          : '';
      return { ok: false, status, accepted, message: `${explainIndexNowStatus(status)}${done}` };
    }
    accepted += urlList.length;
  }
  const how = batches > 1 ? ` in ${batches} batches` : '';
  return {
    ok: true,
    status,
    accepted,
    message: `${explainIndexNowStatus(status ?? 200)}: ${plural(accepted, 'URL')}${how}. Bing, Yandex, Seznam, Naver and Yep share IndexNow submissions.`,
  };
}
