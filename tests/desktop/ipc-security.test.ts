import { eventNames, operations } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES, INVOKE_NAMES } from '../../packages/desktop/src/shared/channels';
import { desktopOperations } from '../../packages/desktop/src/shared/desktop-operations';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

let desktop: TestDesktop;
beforeAll(async () => {
  desktop = await startTestDesktop();
});
afterAll(() => desktop.dispose());

describe('the IPC guards', () => {
  it('refuses calls from any frame that is not the app, before the handler runs', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:3000',
      'file://',
      'mapsmith://evil',
      'null',
      '',
      null,
      undefined,
    ]) {
      const reply = await desktop.dispatch(origin, 'crawl.start', { url: 'https://example.com/' });
      expect(reply, String(origin)).toEqual({
        ok: false,
        status: 403,
        body: { error: 'IPC refused: unknown sender', code: 'auth.csrf' },
      });
    }
    // Nothing was started: the history is still empty.
    const history = await desktop.dispatch(TEST_ORIGIN, 'history.list', {});
    expect(history).toEqual({ ok: true, value: [] });
  });

  it('refuses names outside the contract, including prototype names', async () => {
    for (const name of [
      'nope',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'crawl',
      42,
      null,
      {},
    ]) {
      const reply = await desktop.dispatch(TEST_ORIGIN, name, {});
      expect(reply, String(name)).toEqual({
        ok: false,
        status: 404,
        body: { error: 'Unknown operation', code: 'not-found' },
      });
    }
  });

  it('parses every input with the contract schema and says what is wrong', async () => {
    const cases: [string, unknown, RegExp][] = [
      // Another scheme: the one site-address sentence, as the web shows it under the field.
      ['crawl.start', { url: 'ftp://example.com/' }, /^Enter a site address such as example\.com/],
      ['crawl.start', { url: `https://example.com/${'a'.repeat(2100)}` }, /^URL is too long/],
      ['crawl.start', {}, /required/i],
      ['crawl.start', 'https://example.com/', /./],
      ['crawl.get', { jobId: '' }, /./],
      ['config.get', { extra: 1 }, /./],
      ['export.generate', { jobId: 'x', format: 'exe' }, /./],
      ['account.link', { token: 'short' }, /./],
    ];
    for (const [name, input, message] of cases) {
      const reply = await desktop.dispatch(TEST_ORIGIN, name, input);
      expect(reply.ok, name).toBe(false);
      if (reply.ok) continue;
      expect(reply.status, name).toBe(400);
      // The hosted body: a title, the schema's sentence, and the code.
      expect(reply.body, name).toMatchObject({ error: 'Invalid input', code: 'input.invalid' });
      expect(reply.body.message, name).toMatch(message);
    }
  });

  it('answers hosted-only operations with a clear refusal naming the hosted site', async () => {
    for (const name of ['auth.login', 'auth.register', 'paypal.createOrder', 'user.delete']) {
      const input =
        name === 'auth.login'
          ? { username: 'a', password: 'b' }
          : name === 'user.delete'
            ? { password: 'x' }
            : name === 'auth.register'
              ? { username: 'a', email: 'a@b.c', password: 'x' }
              : {};
      const reply = await desktop.dispatch(TEST_ORIGIN, name, input);
      expect(reply.ok).toBe(false);
      if (reply.ok) continue;
      expect(reply.body.error).toBe('Only on the hosted site');
      expect(reply.body.message).toContain('mapsmith.app');
    }
  });

  it('says where each hosted-only feature runs, not that accounts live there', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      // Schedules and audits run on the desktop (issue 27 point 5); only a schedule's stable URL is not here.
      ['schedules.rotateToken', { id: 'x' }, /^This computer has no public server.*hosted site/],
      ['health.get', {}, /^The service health report .* is mapsmith\.app's/],
      [
        'ping.key',
        { sitemapUrl: 'https://example.com/sitemap.xml' },
        /^Search-engine notification \(IndexNow\) runs on mapsmith\.app/,
      ],
    ];
    for (const [name, input, message] of cases) {
      const reply = await desktop.dispatch(TEST_ORIGIN, name, input);
      expect(reply, name).toMatchObject({ ok: false, status: 400 });
      if (!reply.ok) expect((reply.body as { message?: string }).message, name).toMatch(message);
    }
  });

  it('turns handler failures into a status and body, never a stack trace', async () => {
    const reply = await desktop.dispatch(TEST_ORIGIN, 'crawl.get', { jobId: 'no-such-job' });
    expect(reply).toEqual({
      ok: false,
      status: 404,
      // The hosted API's body, word for word: both shells answer with the application layer.
      body: { error: 'Not found', message: 'No crawl job with this id', code: 'crawl.not-found' },
    });
  });

  it('opens only pages of the hosted app in the system browser', async () => {
    const ok = await desktop.dispatch(TEST_ORIGIN, 'app.openHosted', { path: '/subscribe' });
    expect(ok).toEqual({
      ok: true,
      value: { opened: true, url: 'https://mapsmith.app/subscribe' },
    });
    for (const path of [
      '//evil.example/x',
      'https://evil.example/',
      '/nope',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      const reply = await desktop.dispatch(TEST_ORIGIN, 'app.openHosted', { path });
      expect(reply.ok, path).toBe(false);
    }
    expect(desktop.opened).toEqual(['https://mapsmith.app/subscribe']);
  });
});

describe('the preload name lists', () => {
  it('are exactly the contract operations plus the desktop ones, and the contract events', () => {
    expect([...INVOKE_NAMES].sort()).toEqual(
      [...Object.keys(operations), ...Object.keys(desktopOperations)].sort(),
    );
    expect([...EVENT_NAMES]).toEqual([...eventNames]);
  });
});
