/**
 * The tables of the spill store's temporary SQLite file, and its prepared statements. Keys
 * are 64-bit fingerprints (INTEGER); the file is never synced (a crash loses a crawl that is
 * lost anyway), and its page cache is small, so memory stays flat whatever the crawl's size.
 */
import type { DatabaseSync } from 'node:sqlite';
import { LINKED_FROM_KEPT } from '../ports/crawl-store.js';

export const SPILL_SCHEMA = `
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA temp_store = FILE;
PRAGMA cache_size = -8192;
-- The frontier in queue order; taken rows stay (the head moves past them).
CREATE TABLE queue (seq INTEGER PRIMARY KEY, url TEXT, key TEXT NOT NULL, depth INTEGER NOT NULL,
  via INTEGER NOT NULL, referrer TEXT);
-- Saved records in save order, in their compact form (compact-record.ts).
CREATE TABLE records (seq INTEGER PRIMARY KEY, id INTEGER NOT NULL UNIQUE, key TEXT NOT NULL,
  listed INTEGER NOT NULL, depth INTEGER NOT NULL, url TEXT NOT NULL, body TEXT NOT NULL);
-- Every distinct (linked key, linking URL) pair once.
CREATE TABLE links (target INTEGER NOT NULL, source INTEGER NOT NULL,
  PRIMARY KEY (target, source)) WITHOUT ROWID;
-- Per linked key: distinct linking URLs, and the first LINKED_FROM_KEPT of them (one a line).
CREATE TABLE inlinks (target INTEGER PRIMARY KEY, n INTEGER NOT NULL, first TEXT NOT NULL);
-- The listed records' sitemap order, rebuilt when records changed.
CREATE TABLE listing (pos INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
`;

/** The statements the store runs, prepared once. */
export function spillStatements(db: DatabaseSync) {
  const recordColumns = 'r.seq AS seq, r.key AS key, r.body AS body, i.n AS n, i.first AS first';
  return {
    queue: db.prepare('INSERT INTO queue (url, key, depth, via, referrer) VALUES (?, ?, ?, ?, ?)'),
    take: db.prepare(
      'SELECT seq, url, key, depth, via, referrer FROM queue WHERE seq > ? ORDER BY seq LIMIT ?',
    ),
    link: db.prepare('INSERT OR IGNORE INTO links (target, source) VALUES (?, ?)'),
    inlink: db.prepare(`INSERT INTO inlinks (target, n, first) VALUES (?, 1, ?)
      ON CONFLICT (target) DO UPDATE SET n = n + 1, first = CASE
        WHEN n < ${LINKED_FROM_KEPT} THEN first || char(10) || excluded.first ELSE first END`),
    save: db.prepare(
      'INSERT INTO records (id, key, listed, depth, url, body) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    update: db.prepare('UPDATE records SET listed = ?, depth = ?, url = ?, body = ? WHERE id = ?'),
    pages: db.prepare(
      `SELECT ${recordColumns} FROM records r LEFT JOIN inlinks i ON i.target = r.id
       WHERE r.seq > ? ORDER BY r.seq LIMIT ?`,
    ),
    listed: db.prepare(
      `SELECT l.pos AS pos, ${recordColumns} FROM listing l JOIN records r ON r.seq = l.seq
       LEFT JOIN inlinks i ON i.target = r.id WHERE l.pos > ? ORDER BY l.pos LIMIT ?`,
    ),
  };
}
