// Issue 27 point 1: the one way a claimed job is run, over a real SQLite file with the
// application layer's own schema: a run whose job was taken over writes no end of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database } from '@mapsmith/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ClaimedAudit, SqlAuditQueue } from '../audit/audit-queue.js';
import type { AuditRunSummary } from '../audit/ports.js';
import { migrate } from '../schema/index.js';
import { runClaimed } from './run-claimed.js';

const LEASE = 30_000;

let dir: string;
let db: Database;
const clock = { ms: 1_800_000_000_000, now: () => clock.ms };

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-run-claimed-'));
  db = await Database.open(path.join(dir, 'data.sqlite'));
  await migrate(db);
  await db.run(
    "INSERT INTO users (id, username, email, password_hash) VALUES (1, 'u', 'u@x', '!')",
  );
  await db.run(
    `INSERT INTO audit_jobs (id, user_id, source, source_url, status, created_at, created_ms)
     VALUES ('a1', 1, 's', 'https://s.example/', 'pending', '2027-01-15T08:00:00Z', ?)`,
    [clock.ms],
  );
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A task that lets the test act while it runs, then ends (or fails). */
function heldTask(during: () => Promise<void>, fails = false) {
  return {
    maxAttempts: 3,
    perform: async (_claimed: ClaimedAudit): Promise<AuditRunSummary> => {
      await during();
      if (fails) throw new Error('the site went away');
      return { saved: 1, endedBy: 'done' };
    },
    onFailed: (err: unknown) => `The audit failed: ${String(err)}`,
  };
}

const row = () =>
  db.first<{ status: string; error: string | null }>(
    "SELECT status, error FROM audit_jobs WHERE id = 'a1'",
  );

describe('runClaimed', () => {
  it('writes the end of a job whose claim held', async () => {
    const queue = new SqlAuditQueue(db, clock);
    const claimed = await queue.claim('w1', LEASE, 3);
    if (!claimed) throw new Error('not claimed');
    const task = heldTask(async () => undefined);
    const ran = await runClaimed(queue, task, claimed, {
      signal: new AbortController().signal,
      leaseMs: LEASE,
    });
    expect(ran).toEqual({ end: 'completed' });
    expect(await row()).toEqual({ status: 'completed', error: null });
  });

  for (const fails of [false, true])
    it(`writes no ${fails ? 'failure' : 'completion'} once another claim took the job over, even under the same owner id`, async () => {
      const queue = new SqlAuditQueue(db, clock);
      const claimed = await queue.claim('w1', LEASE, 3);
      if (!claimed) throw new Error('not claimed');
      const task = heldTask(async () => {
        clock.ms += LEASE + 1;
        expect(await queue.claim('w1', LEASE, 3)).toMatchObject({ resumed: true });
      }, fails);
      const ran = await runClaimed(queue, task, claimed, {
        signal: new AbortController().signal,
        leaseMs: LEASE,
      });
      expect(ran).toEqual({ end: 'taken-over' });
      expect(await row()).toEqual({ status: 'running', error: null });
    });
});
