import path from 'node:path';
import { makePage } from '@mapsmith/core';
import { LOCAL_USER_ID } from '../../packages/desktop/src/main/store/local-data';
import { DESKTOP_OUT } from './support/build';
import { expect, test } from './support/renderer-fixture';
import { seedLocalJob } from './support/seed';
import { serveFolder } from './support/static-server';

type Bridge = {
  invoke(name: unknown, input: unknown): Promise<unknown>;
  on(name: unknown, cb: unknown): () => void;
};
declare global {
  interface Window {
    mapsmith: Bridge;
  }
}

test('the web UI runs in the renderer over the IPC client, as the desktop shell', async ({
  page,
  desktop,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/sitemap/i);
  await expect(page.getByLabel('Website URL')).toBeVisible();
  // Hosted-only screens send the user to the hosted site in the system browser.
  await page.goto('/subscribe');
  await expect(page.getByRole('link', { name: /Subscribe on mapsmith\.app/ })).toHaveAttribute(
    'href',
    'https://mapsmith.app/subscribe',
  );
  // Sign-up too, although the desktop's local user counts as signed in; and there is no
  // session to log out of.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.locator('a[href="https://mapsmith.app/signup"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  // The home page's plan cards point to the website too, not to in-app routes.
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  await expect(pricing.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    'https://mapsmith.app/subscribe',
  );
  await expect(pricing.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
    'href',
    'https://mapsmith.app/signup',
  );
  expect(desktop.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('the API reference renders on desktop from the IPC, addressed to the hosted site', async ({
  page,
}) => {
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: '100 requests per hour' })).toBeVisible();
  await page.locator('details[id="crawl.get"] summary').click();
  await expect(page.locator('details[id="crawl.get"] figure code')).toContainText(
    "'https://mapsmith.app/api/crawl/",
  );
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute(
    'href',
    'https://mapsmith.app/api/openapi.json',
  );
});

test('window.mapsmith is the preload bridge and nothing more', async ({ page }) => {
  await page.goto('/');
  const shape = await page.evaluate(() => ({
    keys: Object.keys(window.mapsmith).sort(),
    frozen: Object.isFrozen(window.mapsmith),
    leaks: ['require', 'process', 'ipcRenderer', 'module', 'Buffer'].filter((k) => k in window),
  }));
  expect(shape).toEqual({ keys: ['invoke', 'on'], frozen: true, leaks: [] });
  const outcomes = await page.evaluate(async () => {
    const rejects = async (p: () => Promise<unknown>) => {
      try {
        await p();
        return 'resolved';
      } catch (err) {
        return String(err instanceof Error ? err.message : err);
      }
    };
    const throws = (f: () => unknown) => {
      try {
        f();
        return 'ok';
      } catch (err) {
        return String(err instanceof Error ? err.message : err);
      }
    };
    return {
      unknownOp: await rejects(() => window.mapsmith.invoke('shell.exec', {})),
      protoOp: await rejects(() => window.mapsmith.invoke('__proto__', {})),
      nonString: await rejects(() => window.mapsmith.invoke(42, {})),
      unknownEvent: throws(() => window.mapsmith.on('crawl.secret', () => {})),
      badCallback: throws(() => window.mapsmith.on('crawl.progress', 'x')),
      config: await window.mapsmith.invoke('config.get', {}),
      badInput: await window.mapsmith.invoke('crawl.start', { url: 'file:///etc/passwd' }),
    };
  });
  expect(outcomes.unknownOp).toBe('Unknown operation: shell.exec');
  expect(outcomes.protoOp).toBe('Unknown operation: __proto__');
  expect(outcomes.nonString).toBe('Unknown operation: 42');
  expect(outcomes.unknownEvent).toBe('Unknown event: crawl.secret');
  expect(outcomes.badCallback).toBe('callback must be a function');
  expect(outcomes.config).toMatchObject({ ok: true, value: { shell: 'desktop' } });
  expect(outcomes.badInput).toMatchObject({ ok: false, status: 400 });
});

test('a page of any other origin gets the same preload but every call is refused', async ({
  page,
  desktop,
}) => {
  const other = await serveFolder(path.join(DESKTOP_OUT, 'renderer'));
  try {
    await page.goto(`${other.origin}/`);
    const reply = await page.evaluate(() => window.mapsmith.invoke('history.list', {}));
    expect(reply).toEqual({
      ok: false,
      status: 403,
      body: { error: 'IPC refused: unknown sender', code: 'auth.csrf' },
    });
    const blank = await page.context().newPage();
    await blank.goto('about:blank');
    expect(
      await blank.evaluate(() =>
        window.mapsmith.invoke('crawl.start', { url: 'https://example.com/' }),
      ),
    ).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await desktop.services.deps.data.answers.history(LOCAL_USER_ID)).toEqual([]);
  } finally {
    await other.close();
  }
});

test('the dashboard shows the local history and usage from the SQLite store', async ({
  page,
  desktop,
}) => {
  // 42 pages of an agency client's site, a minute ago, stored as a local crawl stores them.
  await seedLocalJob(
    desktop.services,
    Array.from({ length: 42 }, (_, i) =>
      makePage(`https://agency-client.example/${i === 0 ? '' : `p/${i}`}`),
    ),
    Date.now() - 60_000,
  );
  await page.goto('/dashboard');
  await expect(page.getByText('https://agency-client.example/')).toBeVisible();
  await expect(page.getByText(/42/).first()).toBeVisible();
  // Deleting an account is the hosted app's: the local user has none to delete.
  await expect(page.getByRole('heading', { name: 'Recent Crawls' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delete account' })).toHaveCount(0);
});
