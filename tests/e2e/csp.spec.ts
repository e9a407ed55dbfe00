import type { Page } from '@playwright/test';
import { APP_PATHS, GUIDE_SLUGS } from '../../packages/core/src/contract/routes';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

/** Paths a signed-out visitor walks (every fixed page, a guide, a crawl page, a 404). */
const PUBLIC_PATHS = [
  ...APP_PATHS,
  `/how-to/${GUIDE_SLUGS[0]}`,
  '/crawls/no-such-job',
  '/no-such-page',
];

/**
 * Records every CSP violation of the page: the `securitypolicyviolation` events of each
 * document, and the console errors Chromium writes for them ("Refused to ...").
 */
async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      seen.push(`console: ${message.text()}`);
  });
  return seen;
}

test('every page answers with a strict CSP and runs under it without a violation', async ({
  page,
  paypalSdk,
}) => {
  const violations = await recordViolations(page);
  const first = await page.goto('/');
  const csp = first?.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
  const sdkOrigin = new URL(paypalSdk.sdkUrl).origin;
  expect(directives.get('script-src')).toEqual(["'self'", sdkOrigin]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  // The built page carries no inline script for the policy to refuse.
  const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').count();
  expect(inline).toBe(0);

  for (const path of PUBLIC_PATHS) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Signed in: the dashboard, the subscribe page with the PayPal button, then the Pro pages.
  await signInFreshUser(page, 'csp');
  await page.goto('/subscribe');
  const button = page.getByRole('button', { name: 'PayPal Pay' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.locator('.dashboard-head .badge-pro')).toHaveText('Pro');
  for (const path of ['/schedules', '/bulk', '/api-docs', '/dashboard']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  // Let late work (lazy chunks, polls) run before counting.
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
