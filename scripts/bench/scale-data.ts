// Users and crawl jobs of `npm run bench:scale`, written straight into its database: Pro users
// with a live session each (the API poller signs in with it), and one pending crawl per user
// through the real `jobs.start` (as the route would), so every job is dispatched by the workers.
import { randomBytes } from 'node:crypto';
import { createSqlRepositories } from '@mapsmith/app';
import { type SqlDatabase, systemClock } from '@mapsmith/core';
import { hashSessionId, SESSION_COOKIE } from '../../packages/server/src/auth/session.js';

/** A bench user and the Cookie header of its session. */
export interface BenchUser {
  id: number;
  cookie: string;
}

/** Inserts `count` Pro users with a one-day session each. */
export async function createBenchUsers(db: SqlDatabase, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  const proUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (let i = 0; i < count; i++) {
    const name = `bench${i}${randomBytes(3).toString('hex')}`;
    const row = await db.first<{ id: number }>(
      `INSERT INTO users (username, email, password_hash, email_confirmed_at, pro_until)
       VALUES (?, ?, 'not-a-real-hash', ?, ?) RETURNING id`,
      [name, `${name}@example.test`, new Date().toISOString(), proUntil],
    );
    if (!row) throw new Error('no bench user inserted');
    const sid = randomBytes(32).toString('base64url');
    await db.run(
      'INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)',
      [
        hashSessionId(sid),
        row.id,
        randomBytes(16).toString('hex'),
        new Date(Date.now() + 86_400_000).toISOString(),
      ],
    );
    users.push({ id: Number(row.id), cookie: `${SESSION_COOKIE}=${sid}` });
  }
  return users;
}

/** Starts one crawl of `url` per user (at most `pages` pages plus the site's extras); ids. */
export async function createBenchJobs(
  db: SqlDatabase,
  users: BenchUser[],
  url: string,
  pages: number,
): Promise<string[]> {
  const repos = createSqlRepositories(db, systemClock);
  const ids: string[] = [];
  for (const user of users) {
    const started = await repos.jobs.start({
      userId: user.id,
      plan: 'pro',
      url,
      engineeringCap: pages + 50,
    });
    if (!started.ok) throw new Error(`the bench's crawl was refused: ${started.reason}`);
    ids.push(started.job.id);
  }
  return ids;
}
