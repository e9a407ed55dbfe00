// Issue 27 point 5 on the desktop: the schedules page through the real preload. A linked Pro
// account creates a schedule (the form says in plain words what a desktop does after a run,
// instead of publishing, IndexNow and mail), sees its next run, pauses and resumes it; the clock
// of main is moved past the slot, the scheduler's own 30-second tick in main starts the run,
// and the page says the slot was missed and run late; then the schedule is deleted. A free
// desktop sees how to link Pro, and its IPC is refused. Screenshots at 1280 and 390 px.
import type { Page, TestInfo } from '@playwright/test';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { expect, test } from './support/renderer-fixture';
import { linkProAccount } from './support/shell-calls';

const PRO_TOKEN = 'msk_pro_schedules_page_0123456789';

let hosted: HostedServer;
let site: FixtureSite;
test.beforeAll(async () => {
  [hosted, site] = await Promise.all([
    startHostedServer({
      [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    }),
    startFixtureSite({ pages: 3 }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([hosted.close(), site.close()]);
});

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a linked Pro account creates, pauses, sees a missed run and deletes a schedule', async ({
  page,
  desktop,
}, testInfo) => {
  test.setTimeout(150_000);
  expect(await linkProAccount(desktop, hosted.url, PRO_TOKEN)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Scheduled Crawls', exact: true }).click();
  await expect(page).toHaveURL(/\/schedules$/);
  await expect(page.getByText('No schedule yet.')).toBeVisible();
  const note = page.getByTestId('schedule-desktop-note');
  await expect(note).toContainText('stay here, on this schedule and in your crawl history');
  await expect(note).toContainText('need a public server and mail');
  await expect(page.getByText('Keep the sitemap current at a stable URL')).toHaveCount(0);

  await page.getByLabel('Site URL').fill(site.url);
  await page.getByLabel('Frequency').selectOption('daily');
  await page.getByLabel('Time', { exact: true }).fill('06:30');
  await page.getByLabel('Time zone').selectOption('UTC');
  await expect(page.getByTestId('next-run')).toContainText(/Next run: .* 06:30 \(UTC\)/);
  await page.getByRole('button', { name: 'Create schedule' }).click();
  const item = page.getByTestId('schedule-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('schedule-next')).toContainText(/Next run: .* 06:30/);
  await expect(item.getByTestId('stable-url')).toHaveCount(0);
  await shoot(page, testInfo, 'schedules-created');

  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item.locator('.schedule-state')).toHaveAttribute('data-state', 'paused');
  await expect(item.getByTestId('schedule-next')).toHaveCount(0);
  await item.getByRole('button', { name: 'Resume' }).click();
  await expect(item.locator('.schedule-state')).toHaveAttribute('data-state', 'active');

  // Main's clock moves an hour past the slot, as if the app had been closed over it; the pass of
  // main's next tick (every 30 s) runs it once, late, and the page says so.
  const listed = await desktop.services.dispatch(desktop.origin, 'schedules.list', {});
  if (!listed.ok) throw new Error(JSON.stringify(listed.body));
  const [schedule] = listed.value as { nextRunAt: string }[];
  const slot = Date.parse(schedule?.nextRunAt ?? '');
  desktop.services.deps.now = () => slot + 60 * 60_000;
  const late = page.getByTestId('schedule-late');
  await expect(async () => {
    await page.reload();
    await expect(late).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [3_000] });
  await expect(late).toContainText('was missed while Mapsmith was not running');
  await expect(late).toContainText('06:30');
  await shoot(page, testInfo, 'schedules-late');

  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(item).toContainText('Delete the schedule of');
  await expect(item).not.toContainText('stable sitemap URL');
  await item.getByRole('button', { name: 'Delete schedule' }).click();
  await expect(page.getByText('No schedule yet.')).toBeVisible();
});

test('a free desktop sees how to link Pro, and is refused', async ({ page }, testInfo) => {
  await page.goto('/schedules');
  const locked = page.getByTestId('schedules-locked');
  await expect(locked).toContainText('Scheduled crawls are part of Pro');
  await expect(locked).toContainText('Link your Pro account with an API token');
  await shoot(page, testInfo, 'schedules-free');
  const reply = (await page.evaluate(() => window.mapsmith.invoke('schedules.list', {}))) as {
    ok: boolean;
    status: number;
    body: { code: string; message: string };
  };
  expect(reply).toMatchObject({ ok: false, status: 403 });
  expect(reply.body.code).toBe('auth.pro-required');
  expect(reply.body.message).toMatch(/Link a Pro account/);
});
