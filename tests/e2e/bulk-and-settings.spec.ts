import { execFileSync } from 'node:child_process';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

test('a free user sees crawl settings and bulk crawls locked, with the reason and the upgrade', async ({
  page,
}, testInfo) => {
  await signInFreshUser(page, 'locked');
  const actions = page.getByRole('region', { name: 'Quick Actions' });
  await expect(actions).not.toContainText('Coming Soon');
  await expect(actions.getByText('Bulk Crawl')).toBeVisible();
  await expect(
    actions.getByRole('link', { name: 'Upgrade to Pro for Bulk Crawl' }),
  ).toHaveAttribute('href', '/subscribe');
  // Scheduled crawls are offered once, by their own card (walkthrough defect 41).
  const schedules = page.getByTestId('schedules-card');
  await expect(schedules.locator('.badge-pro')).toHaveText('Pro');
  await expect(schedules.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    '/subscribe',
  );
  await expect(actions.getByText('Scheduled Crawls')).toHaveCount(0);
  await shoot(page, testInfo, 'dashboard-free', actions);

  await page.goto('/');
  await page.locator('summary', { hasText: 'Crawl settings' }).click();
  const note = page.getByRole('note');
  await expect(note).toContainText('Crawl settings are part of Pro');
  await expect(note.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(page.getByLabel('Max depth')).toBeDisabled();
  await expect(page.getByLabel('Exclude')).toBeDisabled();
  await shoot(page, testInfo, 'settings-free', page.locator('.hero-form'));

  // The API says the same thing, with a code, rather than crawling without the settings.
  const refused = await page.request.post('/api/crawl', {
    data: { url: 'https://example.com/', settings: { maxDepth: 2 } },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('auth.pro-required');

  await page.goto('/bulk');
  await expect(page.getByRole('heading', { name: /Bulk Crawl/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(page.getByLabel(/Sites, one a line/)).toHaveCount(0);
});

test('a Pro user runs a bulk crawl from the dashboard, follows it and downloads one zip', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const sites: FixtureSite[] = await Promise.all(
    [4, 6, 8].map((pages) => startFixtureSite({ pages })),
  );
  try {
    await signInFreshUser(page, 'bulk');
    await becomePro(page.request);
    await page.reload();
    const actions = page.getByRole('region', { name: 'Quick Actions' });
    await expect(actions.getByRole('link', { name: 'Scheduled Crawls' })).toHaveAttribute(
      'href',
      '/schedules',
    );
    await actions.getByRole('link', { name: 'Bulk Crawl' }).click();
    await expect(page).toHaveURL(/\/bulk$/);

    const list = [sites[0]?.url, 'not a website', sites[1]?.url, sites[2]?.url].join('\n');
    await page.getByLabel(/Sites, one a line/).fill(list);
    await page.locator('summary', { hasText: 'Crawl settings' }).click();
    await page.getByLabel('Max depth').fill('1');
    await page.getByLabel('Exclude').fill('/p/3');
    await shoot(page, testInfo, 'bulk-form', page.getByRole('heading', { level: 1 }));
    await page.getByRole('button', { name: 'Crawl these sites' }).click();

    await expect(page).toHaveURL(/\/bulk\/[\w-]+$/);
    await expect(page.getByTestId('bulk-progress')).toContainText('All 3 sites done', {
      timeout: 60_000,
    });
    const rows = page.getByTestId('bulk-sites').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) await expect(row).toContainText('Completed');
    await expect(page.getByTestId('bulk-rejected')).toContainText('Line 2');
    await expect(page.getByTestId('bulk-rejected')).toContainText('not a website');
    await expect(page.getByText('Crawled with: depth 1, exclude /p/3')).toBeVisible();
    // Scores arrive a few per poll; wait for all of them before the picture.
    await expect(rows.locator('td.num').filter({ hasText: /^-$/ })).toHaveCount(0, {
      timeout: 30_000,
    });
    await shoot(page, testInfo, 'bulk-page', page.getByRole('heading', { level: 1 }));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bulk-download').click(),
    ]);
    const file = testInfo.outputPath('bulk.zip');
    await download.saveAs(file);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors/);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toContain('summary.csv');
    expect(names.filter((n) => n.endsWith('/sitemap.xml'))).toHaveLength(3);

    // Each site's crawl page says what it was crawled with.
    await rows.first().getByRole('link').click();
    await expect(page.getByTestId('crawled-with')).toHaveText(
      'Crawled with: depth 1, exclude /p/3',
    );
  } finally {
    await Promise.all(sites.map((s) => s.close()));
  }
});
