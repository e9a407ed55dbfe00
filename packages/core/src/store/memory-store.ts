/**
 * The in-memory CrawlStore, the default. Built for 100,000-page crawls: one hash table maps a
 * key to a small id, everything else lives in arrays indexed by id, the frontier is a queue of
 * ids, and records are kept in their compact text form (see compact-record.ts).
 */
import type { PageRecord } from '../crawler/types.js';
import { compareSitemapOrder } from '../export/order.js';
import {
  type CrawlStore,
  type FrontierEntry,
  type InlinkObservation,
  LINKED_FROM_KEPT,
} from '../ports/crawl-store.js';
import { compactRecord, expandRecord } from './compact-record.js';

const VIA: FrontierEntry['foundVia'][] = ['start', 'link', 'sitemap', 'redirect', 'alternate'];

/** Creates an empty in-memory store. */
export function createMemoryStore(): CrawlStore {
  const ids = new Map<string, number>();
  const keys: string[] = [];
  const urls: (string | undefined)[] = [];
  const depth: number[] = [];
  const via: number[] = [];
  const referrer: (string | null)[] = [];
  const records: (string | undefined)[] = [];
  const saveOrder: number[] = [];
  const inlinkCount: number[] = [];
  // Up to five linking pages as ids: integers compare without building strings, and the
  // linking URL is usually a page's own key, so it costs no new string.
  const linkedFrom: (number[] | undefined)[] = [];
  // Distinct linking pages beyond the first five, only for the few pages linked from many.
  const moreFrom = new Map<number, Set<number>>();
  // A FIFO with a moving head: shift() on a large array is O(n).
  let queue: number[] = [];
  let head = 0;
  const leased = new Set<number>();
  // Ids also exist for keys only seen as inlink targets; `known` marks the ones queued or saved.
  const known: boolean[] = [];
  let seen = 0;
  let saved = 0;

  const idFor = (key: string): number => {
    let id = ids.get(key);
    if (id === undefined) {
      id = keys.length;
      ids.set(key, id);
      keys.push(key);
      urls.push(undefined);
      depth.push(0);
      via.push(1);
      referrer.push(null);
      records.push(undefined);
      inlinkCount.push(0);
      linkedFrom.push(undefined);
      known.push(false);
    }
    return id;
  };
  const markKnown = (id: number) => {
    if (!known[id]) seen++;
    known[id] = true;
  };
  const entryOf = (id: number): FrontierEntry => {
    const key = keys[id] as string;
    return {
      url: urls[id] ?? key,
      key,
      depth: depth[id] ?? 0,
      foundVia: VIA[via[id] ?? 1] ?? 'link',
      referrer: referrer[id] ?? null,
    };
  };

  /** The saved record of `id`, its link graph merged in. */
  const complete = (id: number): PageRecord => {
    const page = expandRecord(keys[id] as string, records[id] as string);
    page.inlinks = inlinkCount[id] ?? 0;
    page.linkedFrom = linkedFrom[id]?.map((from) => keys[from] as string) ?? [];
    return page;
  };

  return {
    async enqueue(entries) {
      let added = 0;
      for (const entry of entries) {
        const existing = ids.get(entry.key);
        if (existing !== undefined && known[existing]) continue;
        const id = idFor(entry.key);
        markKnown(id);
        if (entry.url !== entry.key) urls[id] = entry.url;
        depth[id] = entry.depth;
        via[id] = Math.max(0, VIA.indexOf(entry.foundVia));
        referrer[id] = entry.referrer;
        queue.push(id);
        added++;
      }
      return added;
    },
    async take(limit) {
      const out: FrontierEntry[] = [];
      while (out.length < limit && head < queue.length) {
        const id = queue[head++] as number;
        leased.add(id);
        out.push(entryOf(id));
      }
      if (head > 4096 && head * 2 > queue.length) {
        queue = queue.slice(head);
        head = 0;
      }
      return out;
    },
    async requeueLeased() {
      const back = [...leased];
      leased.clear();
      queue = [...back, ...queue.slice(head)];
      head = 0;
      return back.length;
    },
    async counts() {
      return { queued: queue.length - head, seen, saved };
    },
    async addInlinks(links: InlinkObservation[]) {
      for (const { key, from } of links) {
        const id = idFor(key);
        const fromId = idFor(from);
        const list = linkedFrom[id];
        const more = moreFrom.get(id);
        if (list?.includes(fromId) || more?.has(fromId)) continue;
        const count = (inlinkCount[id] ?? 0) + 1;
        inlinkCount[id] = count;
        if (!list) linkedFrom[id] = [fromId];
        else if (count <= LINKED_FROM_KEPT) list.push(fromId);
        else if (more) more.add(fromId);
        else moreFrom.set(id, new Set([fromId]));
      }
    },
    async savePage(key: string, page: PageRecord) {
      // Not `markKnown`: a saved key that was never queued (a URL outside the site) is no
      // frontier key, and may still be queued if the site's scope grows to it.
      const id = idFor(key);
      leased.delete(id);
      if (records[id] === undefined) {
        saved++;
        saveOrder.push(id);
      }
      records[id] = compactRecord(key, page);
      // The frontier facts of a saved page are in its record now.
      referrer[id] = null;
    },
    async *pages() {
      for (const id of saveOrder) yield complete(id);
    },
    async *listed() {
      const listed: { id: number; depth: number; url: string }[] = [];
      for (const id of saveOrder) {
        const { verdict, depth, url } = expandRecord(keys[id] as string, records[id] as string);
        if (verdict.included) listed.push({ id, depth, url });
      }
      listed.sort(compareSitemapOrder);
      for (const { id } of listed) yield complete(id);
    },
  };
}
