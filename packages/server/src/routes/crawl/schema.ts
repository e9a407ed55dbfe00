import { HttpError } from '../../http/errors.js';

/** The refusal of crawl settings to a plan without them (403 `crawl.settings-pro`). */
export function settingsNeedPro(headers: Record<string, string> = {}): HttpError {
  return new HttpError(
    403,
    'Pro required',
    'Crawl settings (depth, include and exclude patterns, scope, rendering, delay, user agent and a staging site login) are part of Mapsmith Pro. Start the crawl without them, or upgrade to Pro.',
    headers,
    'crawl.settings-pro',
  );
}
