import {
  ApiCallError,
  PLAN_LIMITS,
  plural,
  retryInWords,
  SITE_ADDRESS_HINT,
} from '@mapsmith/core/browser';
import { errorText } from '../app/errors';
import type { Toast } from '../app/toast';

/**
 * The toast for a refused crawl start, chosen by the error's contract code (never its English
 * title): the monthly limit and, for free users, the hourly limit offer the upgrade; the hourly
 * limit says when to retry from Retry-After; crawl settings refused to a free plan (a start's
 * only `auth.pro-required`) offer the upgrade; anything else shows the server's sentence.
 */
export function startFailureToast(err: unknown, isPro: boolean, withSettings = false): Toast {
  const code = err instanceof ApiCallError ? err.code : undefined;
  if (code === 'auth.pro-required') {
    return {
      title: 'Crawl Settings Are Pro',
      description: errorText(err, 'Crawl settings are part of Mapsmith Pro.'),
      variant: 'error',
      action: { label: 'Upgrade to Pro', to: '/pricing' },
    };
  }
  if (code === 'limit.monthly') {
    return {
      title: 'Monthly Limit Reached',
      description: errorText(err, 'You have used all pages of your plan this month.'),
      variant: 'error',
      action: { label: 'Upgrade to Pro', to: '/pricing' },
    };
  }
  if (code === 'limit.hourly' && err instanceof ApiCallError) {
    const when =
      err.retryAfterSeconds !== null ? retryInWords(err.retryAfterSeconds) : errorText(err, '');
    const limit = PLAN_LIMITS[isPro ? 'pro' : 'free'].crawlsPerHour;
    const upgrade = isPro ? '' : ` Pro starts ${PLAN_LIMITS.pro.crawlsPerHour} crawls an hour.`;
    return {
      title: 'Hourly Limit Reached',
      description: `You can start ${plural(limit, 'crawl')} per hour. ${when}${upgrade}`.trim(),
      variant: 'error',
      ...(isPro ? {} : { action: { label: 'Upgrade to Pro', to: '/pricing' } }),
    };
  }
  if (code === 'crawl.url-not-allowed' || code === 'input.invalid') {
    return {
      title: withSettings ? 'Check the address and settings' : 'Check the address',
      description: errorText(err, SITE_ADDRESS_HINT),
      variant: 'error',
    };
  }
  return {
    title: 'Could not start the crawl',
    description: errorText(err, 'Failed to start crawling'),
    variant: 'error',
  };
}
