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
  // The keys each linking page linked, as ids, whoever else links them: what tells whether a
  // page that links again was counted already (8 bytes a link, no hash set per key).
  const linksOut: (number[] | undefined)[] = [];
  // Which call of addInlinks a linking page first linked in, and which call and page last
  // linked each key: a page's links arrive in one call, so during the call that brings a page's
  // first links no key can hold it yet, and only a repeat within that call is to be skipped.
  // Its earlier links are looked up only when a page links again in a later call (rare).
  const firstLinkedIn: number[] = [];
  const lastLinkCall: number[] = [];
  const lastLinkFrom: number[] = [];
  let linkCall = 0;
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
      linksOut.push(undefined);
      firstLinkedIn.push(-1);
      lastLinkCall.push(-1);
      lastLinkFrom.push(-1);
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
      const call = linkCall++;
      // A call's links usually come from one page: its id is looked up once.
      let from: string | undefined;
      let fromId = -1;
      let out: number[] = [];
      let fresh = false;
      let earlier: Set<number> | undefined;
      for (const link of links) {
        if (link.from !== from) {
          from = link.from;
          fromId = idFor(from);
          if (firstLinkedIn[fromId] === -1) firstLinkedIn[fromId] = call;
          fresh = firstLinkedIn[fromId] === call;
          out = linksOut[fromId] ?? [];
          linksOut[fromId] = out;
          earlier = undefined;
        }
        const id = idFor(link.key);
        const touched = lastLinkCall[id] === call;
        if (touched && lastLinkFrom[id] === fromId) continue;
        if (!fresh || touched) {
          earlier ??= new Set(out);
          if (earlier.has(id)) continue;
        }
        lastLinkCall[id] = call;
        lastLinkFrom[id] = fromId;
        out.push(id);
        earlier?.add(id);
        const count = (inlinkCount[id] ?? 0) + 1;
        inlinkCount[id] = count;
        const list = linkedFrom[id];
        if (!list) linkedFrom[id] = [fromId];
        else if (count <= LINKED_FROM_KEPT) list.push(fromId);
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
