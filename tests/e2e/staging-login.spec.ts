// Issue 29 point 1 in Chromium: the "Staging site login" part of the crawl settings (user name,
// password, extra headers added and removed), its inline errors, the crawl page showing the login
// by user name only, a schedule edit that keeps the stored secret, axe at 1280 and 390 px.
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { axeViolations } from '../support/axe';
import { waitForCrawl } from './support/crawl-api';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

const PASSWORD = 'pw-e2e-3c9d';
const COOKIE = 'staging=e2e-77ab';

test('a Pro user crawls a staging site with a login and headers; nothing secret is shown back', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const site: FixtureSite = await startFixtureSite({ pages: 4 });
  try {
    await signInFreshUser(page, 'staging');
    await becomePro(page.request);
    await page.goto('/');
    await page.locator('summary', { hasText: 'Crawl settings' }).click();
    const login = page.getByRole('group', { name: 'Staging site login' });
    await expect(login.getByLabel('Password')).toHaveAttribute('type', 'password');

    // A password without a user name is refused under the user-name field, which takes the focus.
    await page.getByLabel('Website URL').fill(site.url);
    await login.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Website URL').press('Enter');
    await expect(login.getByLabel('User name')).toHaveAttribute('aria-invalid', 'true');
    await expect(login.getByLabel('User name')).toBeFocused();
    await expect(login).toContainText('Enter a user name');

    // Keyboard only: type the name, add two header rows, remove the second.
    await page.keyboard.type('stager');
    await login.getByRole('button', { name: 'Add a header' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await login.getByLabel('Header 1 name').fill('Cookie');
    await login.getByLabel('Header 1 value').fill(COOKIE);
    await login.getByLabel('Header 2 name').fill('X-Unused');
    await login.getByRole('button', { name: 'Remove header 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(login.getByLabel('Header 2 name')).toHaveCount(0);
    await shoot(page, testInfo, 'staging-login-form', login);
    // Every finding of the form, whatever its impact, at both widths.
    const form = { least: 'minor', include: '.crawl-settings' } as const;
    expect(await axeViolations(page, form)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations(page, form)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Website URL').press('Enter');
    await expect(page).toHaveURL(/\?job=[\w-]+$/, { timeout: 30_000 });
    const jobId = new URL(page.url()).searchParams.get('job') ?? '';
    await waitForCrawl(page.request, jobId);
    await page.goto(`/crawls/${jobId}`);
    await expect(page.getByTestId('crawled-with')).toHaveText(
      'Crawled with: staging login as stager, headers Cookie',
      { timeout: 30_000 },
    );
    await shoot(page, testInfo, 'staging-login-crawl', page.getByTestId('crawled-with'));
    const html = await page.content();
    expect(html).not.toContain(PASSWORD);
    expect(html).not.toContain('e2e-77ab');
  } finally {
    await site.close();
  }
});

test('a schedule edit shows the stored password masked and keeps it unless a new one is typed', async ({
  page,
}, testInfo) => {
  await signInFreshUser(page, 'stagesched');
  await becomePro(page.request);
  const created = await page.request.post('/api/schedules', {
    data: {
      url: 'https://example.com/',
      frequency: 'daily',
      time: '06:30',
      timeZone: 'UTC',
      settings: { siteAuth: { basic: { username: 'stager', password: PASSWORD } } },
      after: { publish: false, mail: false, indexNow: false },
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/schedules');
  const item = page.getByTestId('schedule-item');
  await item.getByRole('button', { name: 'Edit' }).click();
  await page.locator('summary', { hasText: 'Crawl settings' }).click();
  const login = page.getByRole('group', { name: 'Staging site login' });
  await expect(login.getByLabel('User name')).toHaveValue('stager');
  await expect(login.getByLabel('Password')).toHaveValue('••••');
  await expect(login).toContainText('leave it to keep it, type a new one to replace it');
  await shoot(page, testInfo, 'staging-login-schedule', login);
  expect(await page.content()).not.toContain(PASSWORD);
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByRole('button', { name: 'Save schedule' })).toHaveCount(0);
  const listed = await (await page.request.get('/api/schedules')).text();
  expect(listed).toContain('"password":"••••"');
  expect(listed).not.toContain(PASSWORD);
});
