import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_TEXT_MESSAGE } from '../../packages/desktop/src/main/account/token-vault';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { testSafeStorage } from './support/safe-storage';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const PRO_TOKEN = 'msk_pro_0123456789abcdef';
const FREE_TOKEN = 'msk_free_0123456789abcdef';

let hosted: HostedServer;
let desktop: TestDesktop | undefined;
beforeAll(async () => {
  hosted = await startHostedServer({
    [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    [FREE_TOKEN]: { username: 'hobby', isPro: false, proUntil: null },
  });
});
afterAll(() => hosted.close());
afterEach(async () => {
  await desktop?.dispose();
  desktop = undefined;
});

async function open(options: Parameters<typeof startTestDesktop>[0] = {}) {
  desktop = await startTestDesktop({ env: { MAPSMITH_HOSTED_URL: hosted.url }, ...options });
  return desktop;
}

describe('linking a Pro account', () => {
  it('checks the token with the hosted app, keeps only ciphertext, and lifts the free limits', async () => {
    const d = await open();
    expect(await d.dispatch(TEST_ORIGIN, 'account.status', {})).toMatchObject({
      ok: true,
      value: { plan: 'free', linked: false, secureStorage: true, storageMessage: null },
    });
    const linked = await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
    expect(linked).toEqual({
      ok: true,
      value: {
        plan: 'pro',
        linked: true,
        username: 'agency',
        proUntil: '2099-01-01T00:00:00.000Z',
        secureStorage: true,
        storageMessage: null,
      },
    });
    expect(hosted.seen.at(-1)).toBe(`Bearer ${PRO_TOKEN}`);
    expect(await d.dispatch(TEST_ORIGIN, 'user.get', {})).toMatchObject({
      ok: true,
      value: { isPro: true },
    });
    const analytics = await d.dispatch(TEST_ORIGIN, 'analytics.get', {});
    expect(analytics).toMatchObject({ ok: true, value: { usage: { limit: null } } });

    // The token never reaches a file in clear text: not in the database, not in its WAL.
    await d.close();
    for (const name of fs.readdirSync(d.dataDir)) {
      const bytes = fs.readFileSync(path.join(d.dataDir, name));
      expect(bytes.includes(Buffer.from(PRO_TOKEN)), name).toBe(false);
    }
  });

  it('forgets the token on unlink and the free plan applies again', async () => {
    const d = await open();
    await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
    const reply = await d.dispatch(TEST_ORIGIN, 'account.unlink', {});
    expect(reply).toMatchObject({
      ok: true,
      value: { plan: 'free', linked: false, username: null },
    });
    expect(await d.dispatch(TEST_ORIGIN, 'analytics.get', {})).toMatchObject({
      ok: true,
      value: { usage: { limit: 500 } },
    });
  });

  it('refuses a free account and an unknown token with clear messages', async () => {
    const d = await open();
    expect(await d.dispatch(TEST_ORIGIN, 'account.link', { token: FREE_TOKEN })).toMatchObject({
      ok: false,
      status: 403,
      body: { error: 'Not a Pro account', code: 'auth.pro-required' },
    });
    expect(
      await d.dispatch(TEST_ORIGIN, 'account.link', { token: 'msk_wrong_000000000' }),
    ).toMatchObject({
      ok: false,
      status: 400,
      body: { error: 'Token not accepted', code: 'account.link-refused' },
    });
    expect(await d.dispatch(TEST_ORIGIN, 'account.status', {})).toMatchObject({
      value: { plan: 'free', linked: false },
    });
  });

  it('says so when the hosted app cannot be reached', async () => {
    const d = await open({ env: { MAPSMITH_HOSTED_URL: 'http://127.0.0.1:9' } });
    const reply = await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
    expect(reply).toMatchObject({
      ok: false,
      status: 502,
      body: { error: 'Could not reach Mapsmith', code: 'account.link-failed' },
    });
  });

  it('refuses to keep a token when Linux only offers basic_text, before sending it anywhere', async () => {
    const d = await open({ safeStorage: testSafeStorage('basic_text') });
    const before = hosted.seen.length;
    const reply = await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
    expect(reply).toEqual({
      ok: false,
      status: 409,
      body: {
        error: 'Token cannot be stored safely',
        message: BASIC_TEXT_MESSAGE,
        code: 'account.token-unsafe',
      },
    });
    expect(BASIC_TEXT_MESSAGE).toMatch(/no secret store \(GNOME Keyring, KWallet\)/);
    expect(hosted.seen.length).toBe(before);
    expect(await d.dispatch(TEST_ORIGIN, 'account.status', {})).toMatchObject({
      value: { plan: 'free', secureStorage: false, storageMessage: BASIC_TEXT_MESSAGE },
    });
  });

  it('accepts the keychain backends of macOS and Windows, which report no Linux backend', async () => {
    const d = await open({ safeStorage: testSafeStorage('unknown'), platform: 'darwin' });
    expect(await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN })).toMatchObject({
      ok: true,
      value: { plan: 'pro' },
    });
  });

  it('falls back to free when the Pro period has ended', async () => {
    const d = await open({ overrides: { now: () => Date.parse('2100-01-01T00:00:00Z') } });
    await d.dispatch(TEST_ORIGIN, 'account.link', { token: PRO_TOKEN });
    expect(await d.dispatch(TEST_ORIGIN, 'account.status', {})).toMatchObject({
      value: { plan: 'free', linked: true },
    });
  });
});
