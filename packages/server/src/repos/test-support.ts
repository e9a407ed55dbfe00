import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqlCrawlStore } from '@mapsmith/app';
import type { Logger, PageRecord, SqlDatabase } from '@mapsmith/core';
import { hashSessionId, SESSION_COOKIE } from '../auth/session.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { type RunningServer, startServer } from '../server.js';

/**
 * Test support for the API tests (not used by the app): a server on an ephemeral port with a
 * temporary SQLite file, and users with live sessions inserted straight into the database
 * (sign-up and sign-in belong to the accounts issue; this needs only their tables).
 */

/** A user with a session, as a test drives it. */
export interface TestUser {
  id: number;
  username: string;
  /** The `Cookie` header value of the session. */
  cookie: string;
}

/** Inserts a user and a 1-day session; `pro` makes them Pro for 30 days. */
export async function createTestUser(
  db: SqlDatabase,
  options: { username?: string; pro?: boolean } = {},
): Promise<TestUser> {
  const username = options.username ?? `user${randomBytes(4).toString('hex')}`;
  const proUntil = options.pro ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null;
  // In a transaction: SQLite answers reads outside one on its read-only connection.
  const lastID = await db.transaction(async (tx) => {
    const row = await tx.first<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, email_confirmed_at, pro_until)
       VALUES (?, ?, 'not-a-real-hash', ?, ?) RETURNING id`,
      [username, `${username}@example.test`, new Date().toISOString(), proUntil],
    );
    return row?.id ?? 0;
  });
  const sid = randomBytes(32).toString('base64url');
  await db.run(
    'INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)',
    [
      hashSessionId(sid),
      lastID,
      randomBytes(16).toString('hex'),
      new Date(Date.now() + 86_400_000).toISOString(),
    ],
  );
  return { id: lastID, username, cookie: `${SESSION_COOKIE}=${sid}` };
}

/** A started test server and its temporary data folder. */
export interface TestServer {
  server: RunningServer;
  dataDir: string;
  /** Stops the server and deletes the data folder. */
  close(): Promise<void>;
}

/**
 * Starts the hosted app on 127.0.0.1:0 with loopback crawling allowed and a fresh data folder.
 * Crawls are static (`MAPSMITH_RENDER=never`) unless `env` asks for rendering: Chromium is
 * launched only by the tests about rendering.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  logger: Logger = createLogger({ quiet: true }),
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-api-'));
  const config = loadConfig({
    PORT: '0',
    MAPSMITH_DATA_DIR: dataDir,
    MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
    MAPSMITH_ALLOW_LOOPBACK: '1',
    MAPSMITH_RENDER: 'never',
    ...env,
  });
  const server = await startServer(config, logger);
  return {
    server,
    dataDir,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a crawl of `url` over the API as `user`, waits until it completed, and returns its id. */
export async function crawlToEnd(base: string, user: TestUser, url: string): Promise<string> {
  const res = await call(base, user, 'POST', '/api/crawl', { url });
  if (res.status !== 201) throw new Error(`the crawl did not start: ${res.status}`);
  const { jobId } = (await res.json()) as { jobId: string };
  for (let i = 0; i < 300; i++) {
    const job = (await (await call(base, user, 'GET', `/api/crawl/${jobId}`)).json()) as {
      status: string;
    };
    if (job.status === 'completed') return jobId;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the crawl did not complete');
}

/** A JSON call to the API with the user's cookie. */
export function call(
  base: string,
  user: TestUser | null,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (user) headers.Cookie = user.cookie;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${base}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * Inserts a completed crawl job owned by `userId` and stores `pages` through the job's real
 * SQLite crawl store (for download and analysis tests that need no crawl). Returns its id.
 */
export async function seedCompletedJob(
  db: SqlDatabase,
  userId: number,
  pages: PageRecord[],
  createdMs = Date.now(),
): Promise<string> {
  const id = randomUUID();
  const created = new Date(createdMs).toISOString();
  await db.run(
    `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, created_at, created_ms,
                             started_at, started_ms, finished_at, duration_ms, attempts)
     VALUES (?, ?, ?, 'completed', ?, ?, ?, ?, ?, ?, 2000, 1)`,
    [
      id,
      userId,
      pages[0]?.url ?? 'https://example.com/',
      pages.length,
      created,
      createdMs,
      created,
      createdMs,
      new Date(createdMs + 2000).toISOString(),
    ],
  );
  const store = new SqlCrawlStore(db, id, { now: () => createdMs });
  for (const [i, page] of pages.entries()) await store.savePage(`k${i}`, page);
  return id;
}

/** A server running as a child process (`node dist/main.js`), for kill tests and benchmarks. */
export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Waits for the process to exit. */
  exited: Promise<number | null>;
}

/** Path of the built server entry (`npm run build:ts` makes it). */
export const BUILT_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/**
 * Spawns the built server on an ephemeral port over `dataDir` (static crawls unless `env` sets
 * `MAPSMITH_RENDER`) and resolves once it prints its URL. Its stderr is kept for the error message if it fails to start.
 * `BENCH_SERVER_NODE_FLAGS` (space-separated, e.g. `--max-semi-space-size=32`) are Node/V8 flags
 * for the server process only, not the benchmark's own (which serves the fixture sites); unlike
 * NODE_OPTIONS it takes any V8 flag (docs/benchmarks.md, "The server's young generation").
 */
export function spawnBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, BUILT_MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MAPSMITH_DATA_DIR: dataDir,
      MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
      MAPSMITH_ALLOW_LOOPBACK: '1',
      MAPSMITH_RENDER: 'never',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 20_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /running at (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * The job's stored pages fetched again since `since` (ms), from the fixture site's request log:
 * empty when a resumed crawl carried on from its frontier. A page in flight when the crawl was
 * paused was not stored, so fetching it again is not a refetch.
 */
export async function storedPagesFetchedSince(
  db: SqlDatabase,
  jobId: string,
  requests: ReadonlyArray<{ url: string; at: number }>,
  since: number,
  storedBefore: ReadonlySet<string>,
): Promise<string[]> {
  const again = requests.filter((r) => r.at >= since).map((r) => r.url);
  const origin = (
    await db.first<{ url: string }>('SELECT url FROM crawl_jobs WHERE id = ?', [jobId])
  )?.url;
  return again.filter((p) => storedBefore.has(new URL(p, origin).href));
}

/** The URLs of the job's stored pages now. */
export async function storedPageUrls(db: SqlDatabase, jobId: string): Promise<Set<string>> {
  const rows = await db.all<{ url: string }>('SELECT url FROM crawl_pages WHERE job_id = ?', [
    jobId,
  ]);
  return new Set(rows.map((r) => r.url));
}
