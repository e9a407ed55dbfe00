import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PgDatabase, startThrowawayCluster, type ThrowawayCluster } from '@mapsmith/postgres';
import { type CliRun, outputOf } from '../cli/commands/cli-test-support.js';
import type { TestUser } from '../repos/test-support.js';

/**
 * Test support for the process-level tests of the scaled mode (not used by the app): a
 * throwaway Postgres of the test's own (so it may be restarted), migrated by `mapsmith migrate`,
 * and API and worker processes of the BUILT server started on it as an operator would.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * What a scaled test or bench process needs besides its database: the settings scaled mode
 * requires (mail, public URL, proxies), loopback fixtures allowed, no browser, any free port.
 */
export function scaledTestEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAPSMITH_PUBLIC_URL: 'http://mapsmith.test',
    MAPSMITH_TRUST_PROXY: 'none',
    MAPSMITH_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    MAPSMITH_ALLOW_LOOPBACK: '1',
    MAPSMITH_RENDER: 'never',
    MAPSMITH_ROLE: '',
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'test',
  };
}

/** The built CLI (`npm run build:ts` makes it). */
export const BUILT_CLI = path.join(root, 'packages/server/dist/cli/main.js');

/** Builds core, postgres and the server when the CLI is not built yet. */
export function ensureBuilt(): void {
  if (fs.existsSync(BUILT_CLI)) return;
  process.stderr.write('cluster test: building the server first (npm run build:ts)\n');
  execFileSync(
    process.execPath,
    [
      'node_modules/typescript/bin/tsc',
      '-b',
      'packages/core',
      'packages/sqlite',
      'packages/render',
      'packages/postgres',
      'packages/server',
    ],
    { cwd: root, stdio: 'ignore' },
  );
}

/** One running process of the cluster. */
export interface ClusterNode {
  role: 'api' | 'worker';
  /** The API's URL (empty for a worker). */
  url: string;
  /** Its own data folder (the per-node caches). */
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Its stdout and stderr so far, for failure messages. */
  output(): string;
}

/** A throwaway Postgres with the app's schema and the processes started on it. */
export interface TestCluster {
  postgres: ThrowawayCluster;
  /** `DATABASE_URL` of every process. */
  databaseUrl: string;
  /** The test's own connection, to seed users and read the outcome. */
  db: PgDatabase;
  /** Starts an API or worker process (`mapsmith serve` / `mapsmith worker`); `env` adds to the defaults. */
  start(role: 'api' | 'worker', env?: Record<string, string>): Promise<ClusterNode>;
  /** Runs `mapsmith <args>` with the cluster's environment. */
  cli(args: string[], env?: Record<string, string>): Promise<CliRun>;
  /** Stops every process, then Postgres, and deletes the data folders. */
  close(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Starts a throwaway Postgres, creates the `mapsmith` database and migrates it with the built
 * `mapsmith migrate`. `env` is given to every process (on top of the scaled-mode settings,
 * static crawls and loopback fixture sites).
 */
export async function startTestCluster(env: Record<string, string> = {}): Promise<TestCluster> {
  ensureBuilt();
  const postgres = await startThrowawayCluster();
  const admin = new PgDatabase({ connectionString: postgres.url, max: 1 });
  await admin.exec('CREATE DATABASE mapsmith');
  await admin.close();
  const databaseUrl = withDatabase(postgres.url, 'mapsmith');
  const dirs: string[] = [];
  const nodes: ClusterNode[] = [];
  const base: Record<string, string> = { ...scaledTestEnv(databaseUrl), ...env };
  const spawnCli = (args: string[], extra: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-node-'));
    dirs.push(dataDir);
    return {
      dataDir,
      child: spawn(process.execPath, [BUILT_CLI, ...args], {
        cwd: root,
        env: {
          ...process.env,
          ...base,
          MAPSMITH_DATA_DIR: dataDir,
          MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
          ...extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    };
  };
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    outputOf(spawnCli(args, extra).child);
  const migrated = await cli(['migrate']);
  if (migrated.status !== 0) throw new Error(`mapsmith migrate failed: ${migrated.stderr}`);
  const db = new PgDatabase({ connectionString: databaseUrl, max: 4 });
  const start = (role: 'api' | 'worker', extra: Record<string, string> = {}) => {
    const { child, dataDir } = spawnCli([role === 'api' ? 'serve' : 'worker'], extra);
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    return new Promise<ClusterNode>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${role} did not start: ${out}`)), 30_000);
      const ready = /running at (http:\/\/\S+)|worker is running/;
      child.stdout?.on('data', () => {
        const match = ready.exec(out);
        if (!match) return;
        clearTimeout(timer);
        const node = { role, url: match[1] ?? '', dataDir, child, exited, output: () => out };
        nodes.push(node);
        resolve(node);
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${role} exited with ${code}: ${out}`));
      });
    });
  };
  return {
    postgres,
    databaseUrl,
    db,
    start,
    cli,
    close: async () => {
      // SIGTERM as an operator would; one that has not stopped after 15 s is killed, so a
      // stuck process fails its own test (its output is kept) instead of hanging the run.
      for (const node of nodes) {
        if (node.child.exitCode === null && node.child.signalCode === null)
          node.child.kill('SIGTERM');
      }
      const stuck = setTimeout(() => {
        for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
      }, 15_000);
      await Promise.all(nodes.map((n) => n.exited));
      clearTimeout(stuck);
      await db.close();
      await postgres.destroy();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts a crawl of `url` through `node` as `user`; answers the HTTP status and body. */
export async function startCrawl(
  node: ClusterNode,
  user: Pick<TestUser, 'cookie'>,
  url: string,
): Promise<{ status: number; body: { jobId?: string; code?: string } }> {
  const res = await fetch(`${node.url}/api/crawl`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
    body: JSON.stringify({ url }),
  });
  return { status: res.status, body: (await res.json()) as { jobId?: string; code?: string } };
}

/**
 * Polls `check` every 100 ms until it answers a value, or throws after `ms` with what
 * `explain` says of the state then.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 45_000,
  explain: () => Promise<string> = async () => '',
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}. ${await explain().catch(String)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
