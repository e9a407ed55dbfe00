import { axeViolations } from '../support/axe';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { expect, test } from './support/renderer-fixture';

const PRO_TOKEN = 'msk_pro_panel_0123456789';

let hosted: HostedServer;
test.beforeAll(async () => {
  hosted = await startHostedServer({
    [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
  });
});
test.afterAll(() => hosted.close());

test('links a Pro account with a token, lifting the free meter, and unlinks it', async ({
  page,
  desktop,
}) => {
  desktop.services.deps.hostedUrl = hosted.url;
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Link Pro account' });
  await toggle.click();
  const panel = page.getByRole('region', { name: 'Pro account' });
  await expect(panel.getByTestId('account-plan')).toHaveText('Free plan');

  await panel.getByLabel(/API token/).fill('msk_wrong_token_000');
  await panel.getByRole('button', { name: 'Link account' }).click();
  await expect(panel.getByTestId('account-error')).toContainText('did not accept this token');

  await panel.getByLabel(/API token/).fill(PRO_TOKEN);
  // The page reloads so every screen follows the new plan.
  const reloaded = page.waitForEvent('load');
  await panel.getByRole('button', { name: 'Link account' }).click();
  await reloaded;
  await page.getByRole('button', { name: 'Pro account' }).click();
  await expect(page.getByTestId('account-plan')).toHaveText('Pro plan, linked to agency');
  expect(hosted.seen.at(-1)).toBe(`Bearer ${PRO_TOKEN}`);
  const analytics = await page.evaluate(() =>
    (
      window as unknown as { mapsmith: { invoke(n: string, i: unknown): Promise<unknown> } }
    ).mapsmith.invoke('analytics.get', {}),
  );
  expect(analytics).toMatchObject({ ok: true, value: { usage: { limit: null } } });

  const reloadedAgain = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Unlink account' }).click();
  await reloadedAgain;
  await page.getByRole('button', { name: 'Link Pro account' }).click();
  await expect(page.getByTestId('account-plan')).toHaveText('Free plan');
});

test('sits in the navigation bar at both widths, opens under its button and closes with Esc, one level per press', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  // It floated over the page (outside the header), covering the last buttons of a page.
  await page.setViewportSize({ width: 1280, height: 800 });
  const toggle = banner.getByRole('button', { name: 'Link Pro account' });
  await toggle.click();
  const panel = page.getByRole('region', { name: 'Pro account' });
  await expect(panel).toBeVisible();
  const [button, box] = [await toggle.boundingBox(), await panel.boundingBox()];
  expect(box && button && box.y).toBeGreaterThanOrEqual((button?.y ?? 0) + (button?.height ?? 0));
  await page.screenshot({ path: testInfo.outputPath('account-open-1280.png') });
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // At 390 px it is an entry of the menu, and its panel takes its place in the column.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(toggle).toBeHidden();
  await banner.getByRole('button', { name: 'Menu' }).click();
  await toggle.click();
  await expect(panel).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('account-open-390.png') });
  expect(await axeViolations(page)).toEqual([]);
  // One Esc closes the panel alone (it closed the menu under it too); the next closes the menu.
  const menu = banner.getByRole('button', { name: 'Menu' });
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
});

test.describe('without a keyring (Linux basic_text)', () => {
  test.use({ desktopOptions: { storageBackend: 'basic_text', env: {} } });

  test('explains why no token can be kept and offers no field for it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Link Pro account' }).click();
    const panel = page.getByRole('region', { name: 'Pro account' });
    await expect(panel.getByRole('alert')).toContainText('cannot keep your Pro token safely');
    await expect(panel.getByRole('alert')).toContainText('GNOME Keyring, KWallet');
    await expect(panel.getByLabel(/API token/)).toHaveCount(0);
  });
});
