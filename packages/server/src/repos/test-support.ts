import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashSessionId, SESSION_COOKIE } from '../auth/session.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
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
  db: Database,
  options: { username?: string; pro?: boolean } = {},
): Promise<TestUser> {
  const username = options.username ?? `user${randomBytes(4).toString('hex')}`;
  const proUntil = options.pro ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null;
  const { lastID } = await db.run(
    `INSERT INTO users (username, email, password_hash, email_confirmed_at, pro_until)
     VALUES (?, ?, 'not-a-real-hash', ?, ?)`,
    [username, `${username}@example.test`, new Date().toISOString(), proUntil],
  );
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

/** Starts the hosted app on 127.0.0.1:0 with loopback crawling allowed and a fresh data folder. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-api-'));
  const config = loadConfig({
    PORT: '0',
    MAPSMITH_DATA_DIR: dataDir,
    MAPSMITH_WEB_DIR: path.join(dataDir, 'web'),
    MAPSMITH_ALLOW_LOOPBACK: '1',
    ...env,
  });
  const server = await startServer(config, createLogger({ quiet: true }));
  return {
    server,
    dataDir,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
