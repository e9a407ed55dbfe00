import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppUrl } from '../../packages/desktop/src/main/app-origin';
import { RENDERER_CSP } from '../../packages/desktop/src/main/csp';
import { isSafeExternalUrl } from '../../packages/desktop/src/main/external-url';
import { resolveInside } from '../../packages/desktop/src/main/safe-path';
import { secureWebPreferences } from '../../packages/desktop/src/main/web-preferences';

const root = path.resolve('/srv/app/renderer');

describe('resolveInside (the app protocol path-traversal guard)', () => {
  it('resolves ordinary paths inside the root', () => {
    expect(resolveInside(root, '/index.html')).toBe(path.join(root, 'index.html'));
    expect(resolveInside(root, '/assets/index-abc.js')).toBe(
      path.join(root, 'assets/index-abc.js'),
    );
    expect(resolveInside(root, '/')).toBe(root);
    expect(resolveInside(root, '/assets/../index.html')).toBe(path.join(root, 'index.html'));
  });

  it('keeps every escape attempt inside the root or refuses it', () => {
    const attempts = [
      '/../../etc/passwd',
      '/..%2f..%2fetc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/assets/../../../etc/passwd',
      '//etc/passwd',
      '/..',
      '/.%2e/secret',
    ];
    for (const attempt of attempts) {
      const resolved = resolveInside(root, attempt);
      if (resolved !== null)
        expect(resolved === root || resolved.startsWith(root + path.sep), attempt).toBe(true);
    }
  });

  it('refuses NUL bytes, backslashes and malformed escapes', () => {
    for (const attempt of [
      '/index.html%00.js',
      '/..%5c..%5cwindows',
      '/a\\..\\..\\b',
      '/%E0%A4%A',
      '/%',
    ])
      expect(resolveInside(root, attempt), attempt).toBeNull();
  });

  it('is not fooled by a sibling folder that shares the prefix', () => {
    expect(resolveInside(root, '/../renderer-evil/x.js')).not.toBe(
      path.resolve('/srv/app/renderer-evil/x.js'),
    );
  });
});

describe('isSafeExternalUrl', () => {
  it('allows plain http(s) links', () => {
    expect(isSafeExternalUrl('https://mapsmith.app/subscribe')).toBe(true);
    expect(isSafeExternalUrl('http://example.com/')).toBe(true);
  });

  it('refuses other schemes, credentials and junk', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mapsmith://app/index.html',
      'smb://server/share',
      'https://user:pass@example.com/',
      'https://user@example.com/',
      'not a url',
      '',
      `https://example.com/${'a'.repeat(3000)}`,
    ])
      expect(isSafeExternalUrl(url), url).toBe(false);
  });
});

describe('the renderer CSP', () => {
  it('is the same in index.html and in the protocol header, and forbids eval and foreign hosts', () => {
    const html = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../packages/desktop/src/renderer/index.html'),
      'utf8',
    );
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(RENDERER_CSP);
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|\*|https?:/);
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).toContain("object-src 'none'");
  });
});

describe('the window web preferences', () => {
  it('isolate and sandbox the renderer with no Node anywhere', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs')).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('isAppUrl (where the window may navigate)', () => {
  it('accepts the app origin only', () => {
    expect(isAppUrl('mapsmith://app/index.html')).toBe(true);
    expect(isAppUrl('mapsmith://app/dashboard?x=1')).toBe(true);
    for (const url of [
      'mapsmith://app.evil/index.html',
      'mapsmith://evil/app',
      'mapsmith://user@app/',
      'https://app/',
      'file:///app/index.html',
      'javascript:location="mapsmith://app/"',
      'not a url',
    ])
      expect(isAppUrl(url), url).toBe(false);
  });
});
