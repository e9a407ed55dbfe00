/**
 * The in-memory CrawlStore, the default. Records are kept as JSON text (a third of the heap
 * of live objects), so a 100,000-page crawl stays within a few hundred MB.
 */
import type { PageRecord } from '../crawler/types.js';
import type { CrawlStore, FrontierEntry, InlinkObservation } from '../ports/crawl-store.js';

const MAX_LINKED_FROM = 5;

interface Inlinks {
  count: number;
  from: string[];
  /** Distinct linking URLs beyond the first five are counted through this set. */
  seen?: Set<string>;
}

/** Creates an empty in-memory store. */
export function createMemoryStore(): CrawlStore {
  const seen = new Set<string>();
  // A FIFO with a moving head: shift() on a large array is O(n).
  let queue: FrontierEntry[] = [];
  let head = 0;
  const leased = new Map<string, FrontierEntry>();
  const pages = new Map<string, string>();
  const inlinks = new Map<string, Inlinks>();

  return {
    async enqueue(entries) {
      let added = 0;
      for (const entry of entries) {
        if (seen.has(entry.key)) continue;
        seen.add(entry.key);
        queue.push(entry);
        added++;
      }
      return added;
    },
    async take(limit) {
      const out: FrontierEntry[] = [];
      while (out.length < limit && head < queue.length) {
        const entry = queue[head++] as FrontierEntry;
        leased.set(entry.key, entry);
        out.push(entry);
      }
      if (head > 4096 && head * 2 > queue.length) {
        queue = queue.slice(head);
        head = 0;
      }
      return out;
    },
    async requeueLeased() {
      const back = [...leased.values()];
      leased.clear();
      queue = [...back, ...queue.slice(head)];
      head = 0;
      return back.length;
    },
    async counts() {
      return { queued: queue.length - head, seen: seen.size, saved: pages.size };
    },
    async addInlinks(links: InlinkObservation[]) {
      for (const { key, from } of links) {
        let entry = inlinks.get(key);
        if (!entry) {
          entry = { count: 0, from: [] };
          inlinks.set(key, entry);
        }
        if (entry.from.includes(from) || entry.seen?.has(from)) continue;
        entry.count++;
        if (entry.from.length < MAX_LINKED_FROM) entry.from.push(from);
        else {
          entry.seen ??= new Set(entry.from);
          entry.seen.add(from);
        }
      }
    },
    async savePage(key: string, page: PageRecord) {
      leased.delete(key);
      seen.add(key);
      pages.delete(key);
      pages.set(key, JSON.stringify(page));
    },
    async *pages() {
      for (const [key, json] of pages) {
        const page = JSON.parse(json) as PageRecord;
        const links = inlinks.get(key);
        page.inlinks = links?.count ?? 0;
        page.linkedFrom = links?.from ?? [];
        yield page;
      }
    },
  };
}
