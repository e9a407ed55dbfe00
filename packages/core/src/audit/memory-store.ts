import type { AuditResult } from '../contract/audit-schemas.js';
import type { AuditEntry, AuditStore } from './run-audit.js';

/** An audit store in memory, with what it saved; for the CLI, tests and benchmarks. */
export interface MemoryAuditStore extends AuditStore {
  /** Results by entry id, in the order they were saved. */
  readonly results: Map<number, AuditResult>;
}

/**
 * Holds an audit's URLs in memory (no durability: a server audit uses the SQLite store). Each
 * URL is handed out once; `limit` makes `save` refuse past that many results, as a plan would.
 */
export function createMemoryAuditStore(
  urls: { url: string; sitemap?: string | null }[],
  limit = Number.POSITIVE_INFINITY,
): MemoryAuditStore {
  const entries: AuditEntry[] = urls.map((u, id) => ({
    id,
    url: u.url,
    sitemap: u.sitemap ?? null,
  }));
  let at = 0;
  const results = new Map<number, AuditResult>();
  return {
    results,
    async lease(n) {
      const got = entries.slice(at, at + n);
      at += got.length;
      return got;
    },
    async save(entry, result) {
      if (results.has(entry.id)) return true;
      if (results.size >= limit) return false;
      results.set(entry.id, result);
      return true;
    },
  };
}
