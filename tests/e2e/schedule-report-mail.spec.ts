// Issue 29 point 3 in Chromium: the schedule form's "Mail the report to" field refuses more
// than 10 addresses and a bad one under the field, saves good ones, and the public unsubscribe
// page asks, confirms in plain words, and the owner then sees who unsubscribed. 1280 and 390 px.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { axeViolations } from '../support/axe';
import { expectInline } from './support/inline';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

/** The unsubscribe token of `email` on the user's schedule, read from the app's SQLite file. */
function unsubscribeToken(dataDir: string, email: string): string {
  const db = new DatabaseSync(path.join(dataDir, 'mapsmith.sqlite'), { readOnly: true });
  try {
    const row = db
      .prepare('SELECT token FROM schedule_recipients WHERE email = ? ORDER BY created_at DESC')
      .get(email) as { token: string } | undefined;
    return row?.token ?? '';
  } finally {
    db.close();
  }
}

test('a schedule mails its report to client addresses, each free to unsubscribe', async ({
  page,
  browser,
  servicesApp,
}, testInfo) => {
  await signInFreshUser(page, 'mailto');
  await becomePro(page.request);
  await page.goto('/schedules');
  await page.getByLabel('Site URL').fill('https://example.com/');
  const field = page.getByLabel('Mail the report to');
  const create = page.getByRole('button', { name: 'Create schedule' });

  // The bound and the address rule are the contract's, said under the field before sending.
  await field.fill(Array.from({ length: 11 }, (_, i) => `client${i}@example.com`).join('\n'));
  await create.click();
  await expectInline(page, field, 'The report can be mailed to at most 10 addresses');
  await shoot(page, testInfo, 'report-to-too-many', field);
  await field.fill('client@example.com\nnot-an-address');
  await create.click();
  await expectInline(page, field, /“not-an-address” is not an e-mail address/);
  await shoot(page, testInfo, 'report-to-bad-address', field);
  expect(await axeViolations(page)).toEqual([]);
  // The server holds the same bound whatever a client sends.
  const direct = await page.request.post('/api/schedules', {
    data: {
      url: 'https://example.com/',
      frequency: 'daily',
      time: '06:00',
      timeZone: 'UTC',
      after: { publish: false, mail: false, indexNow: false },
      reportTo: Array.from({ length: 11 }, (_, i) => `c${i}@example.com`),
    },
  });
  expect(direct.status()).toBe(400);
  expect(await direct.json()).toMatchObject({ code: 'input.invalid', field: 'reportTo' });

  await field.fill('ann@client.example, bob@client.example');
  await create.click();
  const item = page.getByTestId('schedule-item');
  await expect(item.getByTestId('schedule-report-to')).toHaveText(
    'Report mailed to ann@client.example, bob@client.example.',
  );
  await shoot(page, testInfo, 'report-to-saved', item);

  // The link of bob's mails, opened signed out: it only asks; the button unsubscribes.
  const signedOut = await browser.newContext({ baseURL: servicesApp.url });
  const client = await signedOut.newPage();
  await client.goto(`/unsubscribe/${unsubscribeToken(servicesApp.dataDir, 'bob@client.example')}`);
  const heading = client.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Stop the reports of example.com?');
  await expect(client.locator('main')).toContainText('bob@client.example gets a report');
  await shoot(client, testInfo, 'unsubscribe-ask', client.locator('main'));
  expect(await axeViolations(client)).toEqual([]);
  await client.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(heading).toHaveText('You are unsubscribed');
  await expect(client.locator('main')).toContainText(
    'bob@client.example will get no more reports of example.com.',
  );
  await shoot(client, testInfo, 'unsubscribe-done', client.locator('main'));
  await signedOut.close();

  // The owner sees who left, on the list and in the form.
  await page.reload();
  await expect(item.getByTestId('schedule-report-to')).toHaveText(
    'Report mailed to ann@client.example. Unsubscribed: bob@client.example.',
  );
  await item.getByRole('button', { name: 'Edit' }).click();
  await expect(field).toHaveValue('ann@client.example');
  await expect(page.getByTestId('report-unsubscribed')).toContainText('bob@client.example');
  await shoot(page, testInfo, 'report-to-unsubscribed', field);
});
