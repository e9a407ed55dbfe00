// The Pro rows of `npm run bench:hostile` (issue 30, point 5): heavy Pro work must leave the
// server responsive.
// - An audit of 100,000 URLs (on 4 local page servers, so 16 are checked at once) while a bulk
//   list of 50 fixture sites crawls, both of one Pro user.
// - An audit of a sitemap index of 100 gzipped children of 49 MB each (about 50 KB each on
//   the wire): the audit's one byte budget reads the first and stops.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Database } from '../packages/server/src/db/database.js';
import { migrate } from '../packages/server/src/db/migrations/index.js';
import { createTestUser } from '../packages/server/src/repos/test-support.js';
import { databaseFile } from '../packages/server/src/server.js';
import { type FixtureSite, startFixtureSite } from '../tests/fixtures/site/index.js';
import type { SeededJob } from './bench-hostile-job.js';

const AUDIT_URLS = Number(process.env.BENCH_AUDIT_URLS ?? 100_000);
const BULK_SITES = Number(process.env.BENCH_BULK_SITES ?? 50);
const PAGE_SERVERS = 4;
const CHILDREN = 100;
const CHILD_MB = 49;

/** A row as bench-hostile.ts runs it (see its `Flood`). */
export interface ProFlood {
  label: string;
  seed: (dataDir: string) => Promise<SeededJob>;
  run: (serverUrl: string, job: SeededJob | undefined) => Promise<Array<[number, number]>>;
}

/** A Pro user with a session in `dataDir`'s database (migrations run as in production). */
async function seedProUser(dataDir: string): Promise<SeededJob> {
  const db = await Database.open(databaseFile(dataDir));
  try {
    await migrate(db);
    const user = await createTestUser(db, { username: 'bench-pro', pro: true });
    return { jobId: '', cookie: user.cookie };
  } finally {
    await db.close();
  }
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The servers the Pro rows read: small pages, bulk sites, and the gzipped index. */
export interface ProFixtures {
  pages: string[];
  sites: FixtureSite[];
  indexUrl: string;
  close(): Promise<void>;
}

/** Starts the fixtures once for every run. */
export async function startProFixtures(): Promise<ProFixtures> {
  const page = Buffer.from('<!doctype html><title>page</title><p>ok</p>');
  const pageServers = Array.from({ length: PAGE_SERVERS }, () =>
    http.createServer((req, res) => {
      if (req.url === '/robots.txt') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': page.length });
      res.end(req.method === 'HEAD' ? undefined : page);
    }),
  );
  const pages = await Promise.all(pageServers.map(listen));
  // One child of 49 MB padding around one URL, about 50 KB gzipped, served at every child path.
  const child = gzipSync(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><!--${' '.repeat(CHILD_MB * 1024 * 1024)}--><url><loc>${pages[0]}/only</loc></url></urlset>\n`,
    ),
  );
  let indexBody = Buffer.alloc(0);
  const indexServer = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    const body = req.url === '/index.xml' ? indexBody : child;
    res.writeHead(200, { 'content-type': 'application/xml', 'content-length': body.length });
    res.end(body);
  });
  const indexOrigin = await listen(indexServer);
  indexBody = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
      { length: CHILDREN },
      (_, i) => `<sitemap><loc>${indexOrigin}/child-${i}.xml.gz</loc></sitemap>`,
    ).join('')}</sitemapindex>`,
  );
  const sites = await Promise.all(
    Array.from({ length: BULK_SITES }, () => startFixtureSite({ pages: 20 })),
  );
  return {
    pages,
    sites,
    indexUrl: `${indexOrigin}/index.xml`,
    close: async () => {
      await Promise.all([
        ...[...pageServers, indexServer].map((s) => new Promise((r) => s.close(r))),
        ...sites.map((s) => s.close()),
      ]);
    },
  };
}

/** POSTs JSON as the seeded user; answers the status and the parsed body. */
async function post(url: string, cookie: string, body: unknown): Promise<[number, unknown]> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  return [res.status, await res.json()];
}

/** Polls `path` every second until `done` says so; answers the last status. */
async function until(
  url: string,
  cookie: string,
  done: (body: Record<string, unknown>) => boolean,
): Promise<[number, Record<string, unknown>]> {
  for (;;) {
    const res = await fetch(url, { headers: { Cookie: cookie } });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200 || done(body)) return [res.status, body];
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const auditEnded = (b: Record<string, unknown>) =>
  b.status === 'completed' || b.status === 'failed';

/** The audit of 100,000 URLs and the bulk list of 50 sites, at once. */
export function auditAndBulkFlood(f: ProFixtures): ProFlood {
  return {
    label: `audit of ${AUDIT_URLS.toLocaleString('en')} URLs + bulk list of ${BULK_SITES} sites (one Pro user)`,
    seed: seedProUser,
    run: async (server, job) => {
      const cookie = job?.cookie ?? '';
      const locs = Array.from(
        { length: AUDIT_URLS },
        (_, i) => `<url><loc>${f.pages[i % f.pages.length]}/p/${i}</loc></url>`,
      );
      const content = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`;
      const [auditStatus, audit] = await post(`${server}/api/audit`, cookie, { content });
      const [bulkStatus, bulk] = await post(`${server}/api/bulk`, cookie, {
        list: f.sites.map((s) => s.url).join('\n'),
      });
      const [a, auditEnd] = await until(
        `${server}/api/audit/${(audit as { jobId: string }).jobId}`,
        cookie,
        auditEnded,
      );
      const [b] = await until(
        `${server}/api/bulk/${(bulk as { bulkId: string }).bulkId}`,
        cookie,
        (body) => body.finished === true,
      );
      if (auditEnd.checked !== AUDIT_URLS)
        throw new Error(`the audit checked ${auditEnd.checked} of ${AUDIT_URLS} URLs`);
      return [
        [auditStatus, 0],
        [bulkStatus, 0],
        [a, 0],
        [b, 0],
      ];
    },
  };
}

/** The audit of an index of 100 gzipped 49 MB children. */
export function listingFlood(f: ProFixtures): ProFlood {
  return {
    label: `audit of an index of ${CHILDREN} gzipped ${CHILD_MB} MB children`,
    seed: seedProUser,
    run: async (server, job) => {
      const cookie = job?.cookie ?? '';
      const [status, audit] = await post(`${server}/api/audit`, cookie, { url: f.indexUrl });
      const [s, end] = await until(
        `${server}/api/audit/${(audit as { jobId: string }).jobId}`,
        cookie,
        auditEnded,
      );
      if (end.status !== 'completed') throw new Error(`the audit ended ${String(end.error)}`);
      return [
        [status, 0],
        [s, 0],
      ];
    },
  };
}
