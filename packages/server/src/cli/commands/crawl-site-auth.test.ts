// `mapsmith crawl` of a staging site (issue 29): `--auth-user` with the password from
// MAPSMITH_AUTH_PASSWORD, `--header` and `--header-env`, checked by the contract's schema; the
// credentials reach the site and never the canary host, and no output repeats a secret.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRecord } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CanaryHost,
  STAGING_COOKIE,
  STAGING_PASSWORD,
  STAGING_USER,
  type StagingSite,
  startCanary,
  startStagingSite,
} from '../../../../../tests/fixtures/staging/index.js';
import { runCli } from './cli-test-support.js';

describe('mapsmith crawl of a staging site', () => {
  let canary: CanaryHost;
  let basic: StagingSite;
  let cookie: StagingSite;
  let dir: string;
  beforeAll(async () => {
    canary = await startCanary();
    basic = await startStagingSite({ guard: 'basic', canary: canary.origin });
    cookie = await startStagingSite({ guard: 'cookie', canary: canary.origin });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-staging-'));
  });
  afterAll(async () => {
    await Promise.all([basic.close(), cookie.close(), canary.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const crawl = async (url: string, args: string[], env: Record<string, string> = {}) => {
    const out = path.join(dir, `${Math.random().toString(36).slice(2)}.jsonl`);
    const run = await runCli(
      ['crawl', url, '--allow-loopback', '--render', 'never', '--json', '--out', out, ...args],
      env,
    );
    const text = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
    const records = text
      ? text
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as PageRecord)
      : [];
    return { ...run, text, records };
  };
  const listed = (records: PageRecord[]) =>
    records
      .filter((r) => r.verdict.included)
      .map((r) => r.url)
      .sort();

  it('--auth-user with the password from the environment opens the site, the canary gets none', async () => {
    const run = await crawl(basic.url, ['--auth-user', STAGING_USER], {
      MAPSMITH_AUTH_PASSWORD: STAGING_PASSWORD,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(listed(run.records)).toEqual(basic.expectedListed);
    expect(basic.refused()).toEqual([]);
    for (const output of [run.stdout, run.stderr, run.text])
      expect(output).not.toContain(STAGING_PASSWORD);
    expect(canary.requests().length).toBeGreaterThan(0);
    expect(canary.leaks()).toEqual([]);
  });

  it('--header and --header-env send a staging cookie', async () => {
    const [name, value] = STAGING_COOKIE.split('=');
    const literal = await crawl(cookie.url, ['--header', `Cookie: ${STAGING_COOKIE}`]);
    expect(literal.status, literal.stderr).toBe(0);
    expect(listed(literal.records)).toEqual(cookie.expectedListed);
    const fromEnv = await crawl(cookie.url, ['--header-env', 'Cookie: STAGING_COOKIE_VALUE'], {
      STAGING_COOKIE_VALUE: `${name}=${value}`,
    });
    expect(fromEnv.status, fromEnv.stderr).toBe(0);
    expect(listed(fromEnv.records)).toEqual(cookie.expectedListed);
    expect(cookie.refused()).toEqual([]);
    expect(canary.leaks()).toEqual([]);
  });

  it('a wrong password: exit 1 and the plain refusal, the password in no output', async () => {
    const wrong = 'not-the-password-8812';
    const run = await crawl(basic.url, ['--auth-user', STAGING_USER], {
      MAPSMITH_AUTH_PASSWORD: wrong,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'mapsmith crawl: The site refused the credentials given for this crawl: its start page answered 401 (Unauthorized).',
    );
    for (const output of [run.stdout, run.stderr, run.text]) expect(output).not.toContain(wrong);
  });

  it('says in --help where the password and header values come from', async () => {
    const help = await runCli(['crawl', '--help']);
    expect(help.stdout).toContain('--auth-user NAME');
    expect(help.stdout).toContain('MAPSMITH_AUTH_PASSWORD');
    expect(help.stdout).toContain("--header-env 'NAME: VAR'");
  });

  it('refuses bad credential flags in plain words, repeating no value', async () => {
    const noPassword = await crawl(basic.url, ['--auth-user', STAGING_USER]);
    expect(noPassword.status).toBe(2);
    expect(noPassword.stderr).toContain(
      '--auth-user needs the password in the environment variable MAPSMITH_AUTH_PASSWORD',
    );
    const reserved = await crawl(basic.url, ['--header', 'Host: other.example']);
    expect(reserved.status).toBe(2);
    expect(reserved.stderr).toContain('Mapsmith sets this header itself; choose another');
    const noColon = await crawl(basic.url, ['--header', 'Bearer s3cret-token-value']);
    expect(noColon.status).toBe(2);
    expect(noColon.stderr).toContain("--header must be 'Name: value'");
    expect(noColon.stderr).not.toContain('s3cret-token-value');
    const badValue = await crawl(basic.url, ['--header-env', 'X-Key: MISSING_VAR_4471']);
    expect(badValue.status).toBe(2);
    expect(badValue.stderr).toContain('the environment variable MISSING_VAR_4471 is not set');
  });
});
