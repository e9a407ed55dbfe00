import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli-test-support.js';
import { commandRole } from './serve.js';

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-roles-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The environment of a run: nothing of this shell's database or role settings leaks in. */
function env(extra: Record<string, string>): Record<string, string> {
  return { DATABASE_URL: '', MAPSMITH_ROLE: '', MAPSMITH_DATA_DIR: dir, PORT: '0', ...extra };
}

describe('process roles from the command line', () => {
  it('serve is the API on Postgres and everything on SQLite; worker is the workers; npm start reads MAPSMITH_ROLE', () => {
    const pg = { DATABASE_URL: 'postgres://db/x' };
    expect(commandRole('serve', {})).toBe('all');
    expect(commandRole('serve', pg)).toBe('api');
    expect(commandRole('serve', { ...pg, MAPSMITH_ROLE: 'all' })).toBe('all');
    expect(commandRole('worker', pg)).toBe('worker');
    expect(commandRole('start', { ...pg, MAPSMITH_ROLE: 'worker' })).toBe('worker');
    expect(commandRole('start', pg)).toBeUndefined();
    expect(() => commandRole('worker', { ...pg, MAPSMITH_ROLE: 'api' })).toThrow(
      /mapsmith worker runs the crawl workers, but MAPSMITH_ROLE=api/,
    );
  });

  it('refuses a worker on SQLite with a sentence and exit code 78, before touching the data folder', async () => {
    const run = await runCli(['worker'], env({}));
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/MAPSMITH_ROLE=worker needs DATABASE_URL \(Postgres\)/);
    expect(fs.existsSync(path.join(dir, 'mapsmith.sqlite'))).toBe(false);
  });

  it('refuses MAPSMITH_ROLE=api on SQLite for serve, and a role the command contradicts', async () => {
    const api = await runCli(['serve'], env({ MAPSMITH_ROLE: 'api' }));
    expect(api.status).toBe(78);
    expect(api.stderr).toMatch(/MAPSMITH_ROLE=api needs DATABASE_URL/);
    const contradicted = await runCli(['serve'], env({ MAPSMITH_ROLE: 'worker' }));
    expect(contradicted.status).toBe(78);
    expect(contradicted.stderr).toMatch(/use mapsmith worker/);
  });

  it('refuses scaled mode without mail, public URL and proxies, never printing the password', async () => {
    const run = await runCli(
      ['serve'],
      env({ DATABASE_URL: 'postgres://app:t0p-s3cret@127.0.0.1:1/x', SMTP_URL: '' }),
    );
    expect(run.status).toBe(78);
    expect(run.stderr).toMatch(/SMTP_URL is required/);
    expect(run.stderr).toMatch(/MAPSMITH_PUBLIC_URL is required/);
    expect(run.stderr).toMatch(/MAPSMITH_TRUST_PROXY is required/);
    expect(run.stderr + run.stdout).not.toContain('t0p-s3cret');
  });

  it('migrates the embedded database with mapsmith migrate, then finds it up to date', async () => {
    const first = await runCli(['migrate'], env({}));
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^Migrated SQLite .*mapsmith\.sqlite: applied /);
    const again = await runCli(['migrate'], env({}));
    expect(again.stdout).toMatch(/is up to date/);
  });
});
