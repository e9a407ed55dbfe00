// The request bodies of the 2026-11-26 attack (F1), against the built server in a child process
// so its memory is measured alone: anonymous gzip and plain 55 MB audit uploads are refused
// before a byte of body is read, and a Pro user's uploads are bounded in size, encoding and
// number at once.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import {
  BUILT_MAIN,
  type ChildServer,
  createTestUser,
  spawnBuiltServer,
  type TestUser,
} from '../repos/test-support.js';
import { databaseFile } from '../server.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const MB = 1024 * 1024;
/** The attack's body: a JSON upload that inflates to 55 MB (56 KB on the wire). */
const INFLATED = 55 * MB;
/** The README's memory budget. Health times under the same floods: `npm run bench:hostile`. */
const RSS_BUDGET_MB = 600;

let dataDir: string;
let server: ChildServer;
let pros: TestUser[];

beforeAll(async () => {
  if (!fs.existsSync(BUILT_MAIN))
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'packages/server'], {
      cwd: root,
      stdio: 'ignore',
    });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bodies-'));
  const db = await Database.open(databaseFile(dataDir));
  await migrate(db);
  pros = [];
  for (let i = 0; i < 3; i++) pros.push(await createTestUser(db, { pro: true }));
  await db.close();
  server = await spawnBuiltServer(dataDir);
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function rssMb(field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

interface Answer {
  status: number;
  code?: string;
  retryAfter: string | undefined;
  /** Whether the answer came before the whole body was sent. */
  early: boolean;
}

/** How long `upload` holds a body half-sent waiting for an early answer. */
const EARLY_ANSWER_MS = 15_000;

/**
 * POSTs `body` to the audit route (in `chunks` writes) and resolves with the answer as soon as its head and body are in, abandoning the rest of the
 * upload: a client that has its answer stops sending. `early` makes "answered before the body
 * was sent" a fact rather than a race: the rest of the body is sent only if no answer came
 * while the first chunk was all the server had (on a fast machine a server that drains a
 * refused body takes all of it over loopback before the client reads the answer).
 * With `hold`, every chunk but the last is sent and taken by the server before the upload calls
 * `reading` and waits for `hold`: a server that does not read a body leaves at most the socket's
 * few buffered MB of it sent, so the server is then reading this body (it holds its room).
 */
function upload(
  body: Buffer,
  headers: Record<string, string>,
  options: { chunks?: number; hold?: Promise<void>; reading?: () => void; early?: boolean } = {},
): Promise<Answer> {
  const url = new URL('/api/audit', server.url);
  let answered!: () => void;
  const answer = new Promise<void>((r) => {
    answered = r;
  });
  const hold = options.early
    ? Promise.race([answer, new Promise<void>((r) => setTimeout(r, EARLY_ANSWER_MS).unref())])
    : options.hold;
  return new Promise((resolve, reject) => {
    let sent = false;
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length, ...headers },
    });
    req.on('response', (res) => {
      answered();
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        const code = text.startsWith('{')
          ? (JSON.parse(text) as { code?: string }).code
          : undefined;
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, code, retryAfter, early: !sent });
        req.destroy();
      });
    });
    req.on('error', (err) => (sent ? reject(err) : undefined));
    const chunks = options.chunks ?? 1;
    const size = Math.ceil(body.length / chunks);
    /** The chunks sent before the upload waits for `hold`. */
    const heldAfter = options.early ? 1 : chunks - 1;
    void (async () => {
      for (let at = 0, n = 1; at < body.length && !req.destroyed; at += size, n++) {
        if (!req.write(body.subarray(at, at + size)))
          await new Promise((r) => req.once('drain', r));
        if (n === heldAfter && hold) {
          options.reading?.();
          await hold;
        }
      }
      sent = !req.destroyed;
      if (sent) req.end();
    })().catch(() => {});
  });
}

const cookieOf = (i: number) => pros[i]?.cookie ?? '';
const json = (bytes: number) => Buffer.from(`{"content":"${'a'.repeat(bytes - 14)}"}`);

describe('request bodies under hostile load (attack 2026-11-26, F1)', () => {
  it('refuses 128 anonymous gzip uploads that inflate to 55 MB each before reading them: RSS under 600 MiB', async () => {
    const gz = zlib.gzipSync(json(INFLATED), { level: 9 });
    expect(gz.length).toBeLessThan(100 * 1024);
    const answers = await Promise.all(
      Array.from({ length: 128 }, () => upload(gz, { 'content-encoding': 'gzip' })),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.code}`))).toEqual(
      new Set(['401 auth.required']),
    );
    expect(server.child.exitCode).toBeNull();
    expect(rssMb('VmHWM')).toBeLessThan(RSS_BUDGET_MB);
  }, 120_000);

  it('answers 24 anonymous plain 55 MB uploads 401 before their bodies are sent', async () => {
    const body = json(INFLATED);
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => upload(body, {}, { chunks: 64, early: true })),
    );
    for (const a of answers) expect(a).toMatchObject({ status: 401, early: true });
    expect(server.child.exitCode).toBeNull();
    expect(rssMb('VmHWM')).toBeLessThan(RSS_BUDGET_MB);
  }, 120_000);

  it('refuses a compressed body from a Pro user (415 input.encoding), whatever it inflates to', async () => {
    const gz = zlib.gzipSync(json(1024));
    const a = await upload(gz, { 'content-encoding': 'gzip', cookie: cookieOf(0) });
    expect(a).toMatchObject({ status: 415, code: 'input.encoding' });
  });

  it('refuses a body declared past the route’s 60 MB bound before it is sent (413)', async () => {
    const a = await upload(json(61 * MB), { cookie: cookieOf(0) }, { chunks: 64, early: true });
    expect(a).toMatchObject({ status: 413, code: 'input.too-large', early: true });
  });

  it('reads one large upload per user and 64 MB of them at once; more answer 429 input.busy with Retry-After', async () => {
    let open!: () => void;
    const hold = new Promise<void>((r) => {
      open = r;
    });
    const body = json(30 * MB);
    // Two users' 30 MB uploads are held open, all but their last chunk taken by the server: it
    // is reading both (the test waits for that, not for a guessed time).
    const held = [0, 1].map((i) => {
      let reading!: () => void;
      const taken = new Promise<void>((r) => {
        reading = r;
      });
      const answer = upload(body, { cookie: cookieOf(i) }, { chunks: 8, hold, reading });
      // An upload answered before it is held (refused) ends the wait too, and fails below.
      return { answer, taken: Promise.race([taken, answer]) };
    });
    await Promise.all(held.map((h) => h.taken));
    const sameUser = await upload(body, { cookie: cookieOf(0) }, { chunks: 8, early: true });
    expect(sameUser).toMatchObject({ status: 429, code: 'input.busy', early: true });
    const third = await upload(body, { cookie: cookieOf(2) }, { chunks: 8, early: true });
    expect(third).toMatchObject({ status: 429, code: 'input.busy', early: true });
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    open();
    // Read whole, they are sitemaps of nothing but 'a's: refused as such, not as too busy.
    for (const a of await Promise.all(held.map((h) => h.answer))) expect(a.status).not.toBe(429);
    const after = await upload(json(1024), { cookie: cookieOf(2) });
    expect(after.code).not.toBe('input.busy');
  }, 60_000);
});
