import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ConfigError, parseTrustProxy, redactUrl } from './process-config.js';

const scaled = {
  DATABASE_URL: 'postgres://mapsmith:s3cret@db.internal:5432/mapsmith',
  SMTP_URL: 'smtp://mail:pw@smtp.internal:587',
  MAPSMITH_PUBLIC_URL: 'https://mapsmith.example',
  MAPSMITH_TRUST_PROXY: '1',
  MAPSMITH_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
};

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the one switch', () => {
  it('runs everything in one process on SQLite when DATABASE_URL is unset', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ databaseUrl: null, role: 'all', trustProxy: null });
  });

  it('refuses a role other than all on SQLite, saying why', () => {
    for (const role of ['api', 'worker']) {
      expect(refusal({ MAPSMITH_ROLE: role })).toMatch(
        new RegExp(`MAPSMITH_ROLE=${role} needs DATABASE_URL.*one process's data folder`),
      );
    }
    expect(refusal({ MAPSMITH_ROLE: 'both' })).toMatch(/"api", "worker" or "all", not "both"/);
  });

  it('takes Postgres with every role once mail, the public URL and the proxies are given', () => {
    for (const role of ['api', 'worker', 'all'] as const) {
      expect(loadConfig({ ...scaled, MAPSMITH_ROLE: role })).toMatchObject({
        databaseUrl: scaled.DATABASE_URL,
        role,
        trustProxy: 1,
      });
    }
  });

  it('refuses a DATABASE_URL that is not Postgres, without echoing it', () => {
    const message = refusal({ ...scaled, DATABASE_URL: 'mysql://root:hunter2@db/x' });
    expect(message).toMatch(/must be a postgres:\/\/ URL/);
    expect(message).not.toContain('hunter2');
    expect(refusal({ ...scaled, DATABASE_URL: 'not a url hunter2' })).not.toContain('hunter2');
  });

  it('refuses scaled mode without SMTP_URL, MAPSMITH_PUBLIC_URL or MAPSMITH_TRUST_PROXY, each with what would weaken', () => {
    expect(refusal({ ...scaled, SMTP_URL: '' })).toMatch(
      /SMTP_URL is required with DATABASE_URL.*never arrive/,
    );
    expect(refusal({ ...scaled, MAPSMITH_PUBLIC_URL: '' })).toMatch(
      /MAPSMITH_PUBLIC_URL is required with DATABASE_URL.*cannot open/,
    );
    expect(refusal({ ...scaled, MAPSMITH_TRUST_PROXY: '' })).toMatch(
      /MAPSMITH_TRUST_PROXY is required with DATABASE_URL.*sign-in limits/,
    );
    expect(refusal({ ...scaled, MAPSMITH_SECRETS_KEY: '' })).toMatch(
      /MAPSMITH_SECRETS_KEY is required with DATABASE_URL.*openssl rand -base64 32/,
    );
    // All at once, so one restart fixes them all.
    const all = refusal({ DATABASE_URL: scaled.DATABASE_URL });
    expect(all.split('\n')).toHaveLength(4);
    expect(all).not.toContain('s3cret');
  });
});

describe('MAPSMITH_TRUST_PROXY', () => {
  it('reads none, a hop count, or a list of addresses, subnets and names', () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy('none')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,fd00::/8,192.168.1.4')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.4',
    ]);
  });

  it('refuses anything else, naming the bad entry', () => {
    expect(() => parseTrustProxy('loopback,proxy.internal')).toThrow(/"proxy.internal" is none/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10.0.0.0\/33"/);
  });
});

describe('redactUrl', () => {
  it('hides the password of a database URL', () => {
    expect(redactUrl(scaled.DATABASE_URL)).toBe(
      'postgres://mapsmith:***@db.internal:5432/mapsmith',
    );
  });
});
