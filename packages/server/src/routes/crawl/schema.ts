import { type AppError, CRAWL_SETTINGS_FEATURE, proRequired } from '@mapsmith/app';

/** The refusal of crawl settings to a plan without them (403 `auth.pro-required`). */
export function settingsNeedPro(headers: Record<string, string> = {}): AppError {
  return proRequired(CRAWL_SETTINGS_FEATURE, {
    advice: 'Start the crawl without them, or upgrade to Pro.',
    headers,
  });
}
