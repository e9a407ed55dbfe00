import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { aesGcmBox } from './aes-gcm-box.js';
import { embeddedSecretKeys, SECRETS_KEY_FILE } from './secrets-config.js';

const KEY = Buffer.alloc(32, 1).toString('base64');
const OLD = Buffer.alloc(32, 2).toString('base64');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the key crawl credentials are sealed with', () => {
  it('refuses a key that is not 32 bytes of base64, in plain words and without echoing it', () => {
    for (const bad of ['short', Buffer.alloc(16).toString('base64'), `${KEY}!`]) {
      expect(() => loadConfig({ MAPSMITH_SECRETS_KEY: bad })).toThrow(
        /MAPSMITH_SECRETS_KEY must be 32 random bytes in base64/,
      );
    }
    expect(() => loadConfig({ MAPSMITH_SECRETS_OLD_KEYS: OLD })).toThrow(
      /without MAPSMITH_SECRETS_KEY/,
    );
  });

  it('seals with the current key and still opens what an old key sealed while it rotates', () => {
    const before = aesGcmBox(loadConfig({ MAPSMITH_SECRETS_KEY: OLD }).secretKeys);
    const sealed = before.seal('hunter2');
    expect(sealed).toMatch(/^ms1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('hunter2');
    const rotated = aesGcmBox(
      loadConfig({ MAPSMITH_SECRETS_KEY: KEY, MAPSMITH_SECRETS_OLD_KEYS: OLD }).secretKeys,
    );
    expect(rotated.open(sealed)).toBe('hunter2');
    expect(rotated.seal('x').split('.')[1]).not.toBe(sealed.split('.')[1]);
    // Each value has its own IV; a changed byte fails the tag. The tag's first character is
    // changed (`ms1.<key id>.<iv>.<tag>.<ct>`): it carries six whole bits, where the last one
    // of a base64 text may carry ignored padding bits, and a replacement that equals the
    // character it replaces would change nothing (1 run in 64 did).
    expect(rotated.seal('x')).not.toBe(rotated.seal('x'));
    const parts = sealed.split('.');
    const tag = parts[3] ?? '';
    parts[3] = `${tag.startsWith('A') ? 'B' : 'A'}${tag.slice(1)}`;
    const tampered = parts.join('.');
    expect(tampered).not.toBe(sealed);
    expect(() => rotated.open(tampered)).toThrow();
    expect(() =>
      aesGcmBox(loadConfig({ MAPSMITH_SECRETS_KEY: KEY }).secretKeys).open(sealed),
    ).toThrow(/key not given here/);
  });

  it('makes the embedded mode a key file readable by its owner only, once, beside the database', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-key-'));
    dirs.push(dir);
    const first = embeddedSecretKeys([], dir);
    const file = path.join(dir, SECRETS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(embeddedSecretKeys([], dir)).toEqual(first);
    const given = loadConfig({ MAPSMITH_SECRETS_KEY: KEY }).secretKeys;
    expect(embeddedSecretKeys(given, dir)).toBe(given);
  });
});
