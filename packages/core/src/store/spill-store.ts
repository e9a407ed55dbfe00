/**
 * The CrawlStore of `mapsmith crawl`, built for million-page crawls in flat memory (issue 28
 * point 4): the seen set is a table of 64-bit key fingerprints (fingerprint-table.ts), and
 * the frontier, the records and the link graph are spilled to a temporary SQLite file
 * (node:sqlite) instead of being held; `pages` and `listed` stream from it in pages of rows.
 * SQLite unlinks its temporary file as soon as it creates it, so no crash, signal or kill -9
 * leaves it behind: the open descriptor keeps it until the process ends (or `close`).
 */
import { DatabaseSync } from 'node:sqlite';
import type { PageRecord } from '../crawler/types.js';
import type { CrawlStore, FrontierEntry } from '../ports/crawl-store.js';
import { compactRecord, expandRecord } from './compact-record.js';
import { FingerprintTable, fingerprintBigInt } from './fingerprint-table.js';
import { SPILL_SCHEMA, spillStatements } from './spill-schema.js';

const VIA: FrontierEntry['foundVia'][] = ['start', 'link', 'sitemap', 'redirect', 'alternate'];
/** Flag of a key queued (seen), and of a key saved as a row. */
const QUEUED = 1;
const SAVED = 2;
/** Writes per transaction: the file is throwaway, so nothing is synced, only batched. */
const WRITES_PER_COMMIT = 4096;
/** Rows read at a time by `take`, `pages` and `listed`. */
const ROWS_PER_READ = 512;

/** A crawl store over a temporary file; `close` releases it (ending the process does too). */
export interface SpillStore extends CrawlStore {
  /** Closes the file; the store cannot be used after. */
  close(): void;
}

interface RecordRow {
  seq: number;
  key: string;
  body: string;
  n: number | null;
  first: string | null;
}

/**
 * Creates an empty store over SQLite's own temporary database: a file in `SQLITE_TMPDIR` (else
 * /var/tmp, /usr/tmp or /tmp) that SQLite unlinks as it creates it.
 */
export function createSpillStore(): SpillStore {
  const db = new DatabaseSync('');
  db.exec(SPILL_SCHEMA);
  const sql = spillStatements(db);
  const keys = new FingerprintTable();
  const leased = new Map<string, FrontierEntry>();
  let front: FrontierEntry[] = [];
  let head = 0;
  let queued = 0;
  let seen = 0;
  let saved = 0;
  let listingStale = true;
  let writes = 0;

  db.exec('BEGIN');
  const wrote = () => {
    if (++writes < WRITES_PER_COMMIT) return;
    writes = 0;
    db.exec('COMMIT');
    db.exec('BEGIN');
  };
  const complete = (row: RecordRow): PageRecord => {
    const page = expandRecord(row.key, row.body);
    page.inlinks = row.n ?? 0;
    page.linkedFrom = row.first === null ? [] : row.first.split('\n');
    return page;
  };

  return {
    async enqueue(entries) {
      let added = 0;
      for (const entry of entries) {
        const before = keys.setFlags(entry.key, QUEUED);
        if (before >= 0 && before & QUEUED) continue;
        seen++;
        sql.queue.run(
          entry.url === entry.key ? null : entry.url,
          entry.key,
          entry.depth,
          Math.max(0, VIA.indexOf(entry.foundVia)),
          entry.referrer,
        );
        wrote();
        queued++;
        added++;
      }
      return added;
    },
    async take(limit) {
      const out = front.splice(0, limit);
      if (out.length < limit) {
        const rows = sql.take.all(head, limit - out.length) as {
          seq: number;
          url: string | null;
          key: string;
          depth: number;
          via: number;
          referrer: string | null;
        }[];
        for (const row of rows) {
          head = row.seq;
          out.push({
            url: row.url ?? row.key,
            key: row.key,
            depth: row.depth,
            foundVia: VIA[row.via] ?? 'link',
            referrer: row.referrer,
          });
        }
      }
      queued -= out.length;
      for (const entry of out) leased.set(entry.key, entry);
      return out;
    },
    async requeueLeased() {
      const back = [...leased.values()];
      leased.clear();
      front = [...back, ...front];
      queued += back.length;
      return back.length;
    },
    async counts() {
      return { queued, seen, saved };
    },
    async addInlinks(links) {
      for (const { key, from } of links) {
        const target = fingerprintBigInt(key);
        const source = fingerprintBigInt(from);
        if (sql.link.run(target, source).changes === 0) continue;
        sql.inlink.run(target, from);
        wrote();
      }
    },
    async savePage(key: string, page: PageRecord) {
      leased.delete(key);
      const id = fingerprintBigInt(key);
      const body = compactRecord(key, page);
      const listed = page.verdict.included ? 1 : 0;
      const before = keys.setFlags(key, SAVED);
      if (before >= 0 && before & SAVED) sql.update.run(listed, page.depth, page.url, body, id);
      else {
        saved++;
        sql.save.run(id, key, listed, page.depth, page.url, body);
      }
      listingStale = true;
      wrote();
    },
    async *pages() {
      let after = 0;
      for (;;) {
        const rows = sql.pages.all(after, ROWS_PER_READ) as unknown as RecordRow[];
        if (rows.length === 0) return;
        after = (rows.at(-1) as RecordRow).seq;
        for (const row of rows) yield complete(row);
      }
    },
    async *listed() {
      if (listingStale) {
        // The sitemap order (export/order.ts): depth, then URL (ASCII, so BINARY compares
        // as JavaScript does), save order breaking ties as the memory store's stable sort.
        db.exec('DELETE FROM listing');
        db.exec(
          'INSERT INTO listing (seq) SELECT seq FROM records WHERE listed = 1 ORDER BY depth, url, seq',
        );
        listingStale = false;
      }
      let after = 0;
      for (;;) {
        const rows = sql.listed.all(after, ROWS_PER_READ) as unknown as (RecordRow & {
          pos: number;
        })[];
        if (rows.length === 0) return;
        after = (rows.at(-1) as { pos: number }).pos;
        for (const row of rows) yield complete(row);
      }
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
