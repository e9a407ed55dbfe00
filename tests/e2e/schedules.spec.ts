// Issue 13 in Chromium: a Pro user creates, edits, pauses and deletes a schedule on its page
// (free users see it locked), and a crawl of a site crawled before shows its change report.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

/** Makes the signed-in user Pro the real way: an order captured at the PayPal stand-in. */
async function becomePro(request: APIRequestContext): Promise<void> {
  const order = await request.post('/api/paypal/create-order', { data: {} });
  expect(order.ok(), await order.text()).toBe(true);
  const { orderID } = (await order.json()) as { orderID: string };
  const capture = await request.post('/api/paypal/capture-order', { data: { orderID } });
  expect(capture.ok(), await capture.text()).toBe(true);
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top, so the sticky bar is where a reader sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a Pro user creates, edits, pauses and deletes a schedule; free users see it locked', async ({
  page,
}) => {
  await signInFreshUser(page, 'sched');
  const card = page.getByTestId('schedules-card');
  await expect(card.locator('.badge-pro')).toHaveText('Pro');
  await page.goto('/schedules');
  await expect(page.getByTestId('schedules-locked')).toContainText(
    'Scheduled crawls are part of Pro',
  );
  expect((await page.request.get('/api/schedules')).status()).toBe(403);

  await becomePro(page.request);
  await page.goto('/dashboard');
  await page.getByTestId('schedules-card').getByRole('link', { name: 'Create a schedule' }).click();
  await expect(page).toHaveURL(/\/schedules$/);
  await expect(page.getByText('No schedule yet.')).toBeVisible();

  await page.getByLabel('Site URL').fill('https://example.com/');
  await page.getByLabel('Frequency').selectOption('weekly');
  await page.getByLabel('On', { exact: true }).selectOption('Monday');
  await page.getByLabel('Time', { exact: true }).fill('06:30');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  // The crawl settings are the one-off crawl's panel, folded until opened.
  await page.locator('summary', { hasText: 'Crawl settings' }).click();
  await page.getByLabel('Exclude').fill('/tag/*');
  await expect(page.getByTestId('next-run')).toContainText(
    /Next run: Mon, .* 06:30 \(Europe\/Berlin\)/,
  );
  await page.getByRole('button', { name: 'Create schedule' }).click();

  const item = page.getByTestId('schedule-item');
  await expect(item).toContainText('Weekly on Monday at 06:30');
  await expect(item.locator('.schedule-state')).toHaveText('Active');
  await expect(item.getByTestId('schedule-next')).toContainText('Mon');
  const url = (await item.getByTestId('stable-url').textContent()) ?? '';
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}\/sitemap\.xml$/);
  await shoot(page, 'schedules');

  // A bad edit is answered in words; a good one is saved.
  await item.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Frequency').selectOption('monthly');
  await page.getByLabel('Day of the month').fill('31');
  await page.locator('summary', { hasText: 'Crawl settings' }).click();
  await expect(page.getByLabel('Exclude')).toHaveValue('/tag/*');
  await page.getByLabel('Exclude').fill('/a*b*c*d*e*f*');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  // Said under the refused field, which takes the focus (walkthrough defect 12).
  await expect(page.getByLabel('Exclude')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Exclude')).toBeFocused();
  await expect(page.locator('.schedule-form')).toContainText('at most 5 * wildcards');
  await page.getByLabel('Exclude').fill('/tag/*');
  await page.getByLabel('Max depth').fill('5');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(item).toContainText('Monthly on day 31 at 06:30');

  page.on('dialog', (d) => void d.accept());
  await item.getByRole('button', { name: 'New URL' }).click();
  await expect(item.getByTestId('stable-url')).not.toHaveText(url);

  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item.locator('.schedule-state')).toHaveText('Paused');
  await expect(item.getByTestId('schedule-next')).toHaveCount(0);
  await item.getByRole('button', { name: 'Resume' }).click();
  await expect(item.locator('.schedule-state')).toHaveText('Active');

  await page.goto('/dashboard');
  await expect(page.getByTestId('schedules-card')).toContainText('Monthly on day 31 at 06:30');
  await shoot(page, 'schedules-dashboard');

  // Deleting asks in place, as deleting a crawl does: no browser dialog (walkthrough defect 50).
  page.removeAllListeners('dialog');
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/schedules');
  const listed = page.getByTestId('schedule-item');
  await listed.getByRole('button', { name: 'Delete' }).click();
  const ask = listed.getByRole('group', { name: /Delete the schedule of .*stops working/ });
  await expect(ask.getByRole('button', { name: 'Delete schedule' })).toBeFocused();
  await shoot(page, 'schedule-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(listed.getByRole('button', { name: 'Delete' })).toBeVisible();
  await listed.getByRole('button', { name: 'Delete' }).click();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No schedule yet.')).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('the job page shows what changed since the previous crawl of the site', async ({ page }) => {
  let version = 1;
  const server = http.createServer((req, res) => {
    const links = version === 1 ? ['/a', '/b', '/old'] : ['/a', '/b', '/fresh'];
    const body: Record<string, string> = {
      '/': `<h1>Home</h1>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}`,
      '/a': '<h1>A</h1><p>Unchanged.</p>',
      '/b': `<h1>B</h1><p>Version ${version}.</p>`,
      '/old': '<h1>Old</h1>',
      '/fresh': '<h1>Fresh</h1>',
    };
    const text = body[req.url ?? ''];
    res.writeHead(text ? 200 : 404, { 'Content-Type': 'text/html' });
    res.end(
      `<!doctype html><html><head><title>${req.url}</title></head><body><main>${text ?? 'no'}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    await signInFreshUser(page, 'changes');
    await waitForCrawl(page.request, await startCrawlByApi(page.request, site));
    version = 2;
    const second = await startCrawlByApi(page.request, site);
    await waitForCrawl(page.request, second);
    await page.goto(`/crawls/${second}`);
    const summary = page.getByTestId('change-summary');
    await expect(summary.getByTestId('change-words')).toHaveText('1 added, 1 removed, 2 changed');
    await expect(page.getByRole('columnheader', { name: 'Change' })).toBeVisible();
    await summary.getByRole('button', { name: /2 changed/ }).click();
    await expect(page).toHaveURL(/change=changed/);
    const table = page.getByTestId('url-table');
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expect(table).toContainText(`${site}b`);
    await summary.getByText(/1 removed URL/).click();
    await expect(summary).toContainText(`${site}old`);
    await shoot(page, 'change-report');
  } finally {
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }
});
