// Issue 27 point 4 in Chromium: a slot missed while Mapsmith was not running runs once at the
// next pass, and the schedule says so, with the slot it was due at. 1280 and 390 px.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

/** Makes the user's schedule due three days ago, as if the app had been off since. */
function missSlot(dataDir: string, dueMs: number): void {
  const db = new DatabaseSync(path.join(dataDir, 'mapsmith.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE crawl_schedules SET next_run_ms = ?').run(dueMs);
  } finally {
    db.close();
  }
}

test('a missed slot runs at the next start and the schedule says so', async ({
  page,
  servicesApp,
}, testInfo) => {
  test.setTimeout(120_000);
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>Home</title><h1>Home</h1>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  try {
    await signInFreshUser(page, 'late');
    await becomePro(page.request);
    await page.goto('/schedules');
    await page.getByLabel('Site URL').fill(`http://127.0.0.1:${port}/`);
    await page.getByLabel('Frequency').selectOption('daily');
    await page.getByLabel('Time', { exact: true }).fill('09:00');
    await page.getByLabel('Time zone').selectOption('UTC');
    await page.getByRole('button', { name: 'Create schedule' }).click();
    const item = page.getByTestId('schedule-item');
    await expect(item.locator('.schedule-state')).toHaveText('Active');
    await expect(item.getByTestId('schedule-late')).toHaveCount(0);

    const slot = Date.UTC(2026, 0, 5, 9, 0, 0);
    missSlot(servicesApp.dataDir, slot);
    // The server's scheduler passes every 30 s: the missed slot runs once at the next pass.
    await expect(async () => {
      await page.reload();
      await expect(item.getByTestId('schedule-late')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000, intervals: [2000] });
    const late = item.getByTestId('schedule-late');
    await expect(late).toContainText('The run due Mon, Jan 5, 09:00');
    await expect(late).toContainText('was missed while Mapsmith was not running');
    await expect(late).toContainText('Missed runs are made up once.');
    await shoot(page, testInfo, 'schedule-late-run', item);
  } finally {
    site.close();
  }
});
