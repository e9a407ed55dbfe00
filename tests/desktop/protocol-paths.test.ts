import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl } from '../../packages/desktop/src/main/external-url';
import { resolveInside } from '../../packages/desktop/src/main/safe-path';

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
