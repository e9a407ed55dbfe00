// One run of `bench:audit` in a process of its own (its peak RSS is the audit's): a sitemap of
// BENCH_URLS pages of the fixture site is audited by the server's real AuditTask on a real
// SQLite file (listing, live checks, each result saved and charged in its transaction), at the
// default politeness. Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSqlRepositories } from '@mapsmith/app';
import { createUrlPolicy, silentLogger } from '@mapsmith/core';
import { Database } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/db/migrations/index.js';
import { AuditTask } from '../packages/server/src/jobs/audit-task.js';
import { loadJobsConfig } from '../packages/server/src/jobs/config.js';

const { origin, urls } = JSON.parse(process.argv[2] ?? '{}') as { origin: string; urls: number };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-bench-audit-'));
try {
  const db = await Database.open(path.join(dir, 'bench.sqlite'));
  await migrate(db);
  const repos = createSqlRepositories(db);
  const { lastID: userId } = await db.run(
    `INSERT INTO users (username, email, password_hash, email_confirmed_at, pro_until)
     VALUES ('bench', 'bench@example.test', 'x', ?, ?)`,
    [new Date().toISOString(), new Date(Date.now() + 86_400_000).toISOString()],
  );
  // The fixture site has `/` and `/p/1` ... `/p/<urls-1>`.
  const locs = Array.from(
    { length: urls },
    (_, i) => `<url><loc>${origin}${i === 0 ? '/' : `/p/${i}`}</loc></url>`,
  );
  const jobId = await repos.audits.start({
    userId,
    source: 'bench.xml',
    sourceUrl: null,
    content: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`,
    monthQuota: null,
  });
  // The server's defaults: MAPSMITH_AUDIT_PER_HOST and MAPSMITH_AUDIT_DELAY_MS unset.
  const jobs = loadJobsConfig({});
  const task = new AuditTask(repos.audits, createUrlPolicy({ allowLoopback: true }), silentLogger, {
    perHostConcurrency: jobs.auditPerHost,
    politenessDelayMs: jobs.auditDelayMs,
  });
  const claimed = await repos.auditQueue.claim('bench', 3_600_000, 3);
  if (!claimed) throw new Error('the audit was not claimed');
  const started = performance.now();
  const end = await task.perform(claimed, new AbortController().signal);
  const seconds = (performance.now() - started) / 1000;
  const job = await repos.audits.get(jobId, userId);
  await db.close();
  process.stdout.write(
    `${JSON.stringify({
      urls: job?.checked ?? 0,
      fine: job?.counts.fine ?? 0,
      counts: job?.counts,
      endedBy: end.endedBy,
      seconds,
      urlsPerSecond: (job?.checked ?? 0) / seconds,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    })}\n`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
