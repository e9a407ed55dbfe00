import { ApiCallError } from '@mapsmith/core/browser';
import { describe, expect, it } from 'vitest';
import { startFailureToast } from './start-failure';

const refused = (status: number, body: object, retry: number | null = null) =>
  new ApiCallError(status, JSON.stringify(body), body, retry);

describe('startFailureToast', () => {
  it('switches on the code, not the English title', () => {
    const renamed = refused(403, { error: 'Quota used up', message: 'x', code: 'limit.monthly' });
    expect(startFailureToast(renamed, false)).toMatchObject({
      title: 'Monthly Limit Reached',
      action: { label: 'Upgrade to Pro', to: '/pricing' },
    });
    const titleOnly = refused(403, { error: 'Monthly limit reached', message: 'x' });
    expect(startFailureToast(titleOnly, false).title).toBe('Could not start the crawl');
  });

  it('offers Pro for settings refused with the one "needs Pro" code, naming the feature', () => {
    const message =
      'Crawl settings (depth, include and exclude patterns) are part of Mapsmith Pro. Start the crawl without them, or upgrade to Pro.';
    const settings = refused(403, { error: 'Pro required', message, code: 'auth.pro-required' });
    expect(startFailureToast(settings, false, true)).toMatchObject({
      title: 'Crawl Settings Are Pro',
      description: message,
      action: { label: 'Upgrade to Pro', to: '/pricing' },
    });
  });

  it('says when to retry from Retry-After, and offers Pro only to free users', () => {
    const limited = refused(429, { error: 'Too many crawls', code: 'limit.hourly' }, 3530);
    const free = startFailureToast(limited, false);
    expect(free.title).toBe('Hourly Limit Reached');
    expect(free.description).toBe(
      'You can start 10 crawls per hour. Try again in 59 minutes. Pro starts 60 crawls an hour.',
    );
    expect(free.action?.to).toBe('/pricing');
    const pro = startFailureToast(limited, true);
    expect(pro.description).toBe('You can start 60 crawls per hour. Try again in 59 minutes.');
    expect(pro.action).toBeUndefined();
  });

  it('shows a bad address as the schema says it, without a field prefix', () => {
    const bad = refused(400, {
      error: 'Invalid input',
      message: 'Enter an absolute http:// or https:// URL',
      code: 'input.invalid',
    });
    expect(startFailureToast(bad, false)).toMatchObject({
      title: 'Check the address',
      description: 'Enter an absolute http:// or https:// URL',
    });
  });
});
