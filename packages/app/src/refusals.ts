import type { ErrorCode } from '@mapsmith/core';
import { AppError, type AppErrorExtras } from './errors.js';

/**
 * The named refusals both shells throw, one factory per kind, so a code is chosen where the
 * kind is said and every site of one kind answers alike. The status is always the code's
 * (`ERROR_STATUS`). A refusal said in one place only is `new AppError(code, title, detail)`.
 */

/** 404: `detail` says what was not found ("No bulk crawl with this id"); `code` narrows it. */
export function notFound(detail: string, code: ErrorCode = 'not-found'): AppError {
  return new AppError(code, 'Not found', detail);
}

/** 404 `crawl.not-found`: no crawl with this id in the caller's account. */
export function crawlNotFound(): AppError {
  return notFound('No crawl job with this id', 'crawl.not-found');
}

/** 409 `crawl.not-finished`: `detail` says what waits for the crawl to complete. */
export function crawlNotFinished(detail: string): AppError {
  return new AppError('crawl.not-finished', 'Crawl not finished', detail);
}

/** 400 `input.invalid` about `field` (undefined: the input as a whole). */
export function invalidInput(
  field: string | undefined,
  message: string,
  title = 'Invalid input',
): AppError {
  return new AppError('input.invalid', title, message, field === undefined ? {} : { field });
}

/** What a Pro refusal may word besides the feature. */
export interface ProRefusal extends Pick<AppErrorExtras, 'headers'> {
  /** What to do instead ("Start the crawl without them, or upgrade to Pro."). */
  advice?: string;
  /** The short title, when not "Pro required". */
  title?: string;
}

/**
 * 403 `auth.pro-required`, the one code for "needs Pro" wherever it is refused (the binder's
 * `pro` routes, crawl settings, bulk, audits, the sitemap comparison, a desktop link):
 * `feature` names what needs it, plural ("Bulk crawls", "API tokens").
 */
export function proRequired(feature: string, more: ProRefusal = {}): AppError {
  const { advice, title = 'Pro required', headers } = more;
  const detail = `${feature} are part of Mapsmith Pro${advice ? `. ${advice}` : ''}`;
  return new AppError('auth.pro-required', title, detail, headers ? { headers } : {});
}

/** What crawl settings are, as a Pro refusal of them names them (both shells). */
export const CRAWL_SETTINGS_FEATURE =
  'Crawl settings (depth, include and exclude patterns, scope, rendering, delay, user agent and a staging site login)';

/** 401 `auth.required`: the call needs a signed-in user. */
export function signInRequired(): AppError {
  return new AppError('auth.required', 'Not signed in', 'Please sign in first');
}

/** 403 `auth.session-required`: an API token cannot do this; `detail` says where to do it. */
export function sessionRequired(detail: string): AppError {
  return new AppError('auth.session-required', 'Session required', detail);
}
