import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../runtime/process-config.js';
import { type SecretKey, secretKey } from './aes-gcm-box.js';

/** Bytes of an AES-256 key. */
const KEY_BYTES = 32;

/** The key file the embedded mode creates beside its database when no key is given. */
export const SECRETS_KEY_FILE = 'secrets.key';

/** A key given as base64 text, or a plain refusal naming the variable. */
function parseKey(name: string, raw: string): SecretKey {
  const key = Buffer.from(raw.trim(), 'base64');
  if (key.length !== KEY_BYTES || !/^[A-Za-z0-9+/]+=*$/.test(raw.trim()))
    throw new ConfigError(
      `${name} must be ${KEY_BYTES} random bytes in base64 (make one with \`openssl rand -base64 32\`).`,
    );
  return secretKey(key);
}

/**
 * The keys crawl credentials are sealed with (issue 29): `MAPSMITH_SECRETS_KEY` seals and
 * opens; `MAPSMITH_SECRETS_OLD_KEYS` (comma-separated) only open, while a key rotates. Empty
 * when none is given: the embedded mode then keeps a key file beside its database
 * ({@link embeddedSecretKeys}), the scaled mode refuses to start (`processConfigProblems`).
 */
export function parseSecretKeys(env: NodeJS.ProcessEnv): SecretKey[] {
  if (!env.MAPSMITH_SECRETS_KEY) {
    if (env.MAPSMITH_SECRETS_OLD_KEYS)
      throw new ConfigError('MAPSMITH_SECRETS_OLD_KEYS is given without MAPSMITH_SECRETS_KEY.');
    return [];
  }
  const old = (env.MAPSMITH_SECRETS_OLD_KEYS ?? '').split(',').filter((k) => k.trim());
  return [
    parseKey('MAPSMITH_SECRETS_KEY', env.MAPSMITH_SECRETS_KEY),
    ...old.map((k) => parseKey('MAPSMITH_SECRETS_OLD_KEYS', k)),
  ];
}

/**
 * The embedded mode's keys: the configured ones, else the key in `<data>/secrets.key`, created
 * (random, readable by the owner only) on the first start, so the one-line start command stays
 * one line. Whoever can read the data folder can read that key: the README says so.
 */
export function embeddedSecretKeys(configured: SecretKey[], dataDir: string): SecretKey[] {
  if (configured.length > 0) return configured;
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  try {
    fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return [parseKey(file, fs.readFileSync(file, 'utf8'))];
}
