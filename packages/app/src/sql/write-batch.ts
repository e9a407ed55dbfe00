import {
  type InlinkObservation,
  isDiskFull,
  type SqlDatabase,
  type SqlTransaction,
} from '@mapsmith/core';
import type { PendingPage, SavedBatch } from './page-saves.js';
import { fencedTransaction } from './transactions.js';

/** What one transaction of a batch writes. */
export interface HeldWrites {
  pages: PendingPage[];
  links: InlinkObservation[];
  /**
   * With the links written, the leases that end: of these keys (pages stored by earlier writes)
   * and of the pages this write stores. `null`: the pages this write stores stay leased.
   */
  endLeases: readonly string[] | null;
}

/** Page saves one batch holds before it is written. */
export const BATCH_SAVES = 200;
/**
 * Links held before they are written, with every page saved meanwhile (a page has ~40 on a
 * typical site): a few link writes per 2,000 pages.
 */
const BATCH_LINKS = 20_000;
/** How long a batch waits after its first save or link before it is written, in ms. */
export const BATCH_MS = 100;
/**
 * Link rows per INSERT statement (one JSON array parameter, `insertInlinks`): a full batch's
 * links in a few statements, each parameter a few hundred KB at most.
 */
export const LINKS_PER_STATEMENT = 5_000;

/**
 * The page saves and links of one crawl job's store, held and written together: one
 * transaction (`fencedTransaction`) per batch, of a few multi-row statements (`savePages`),
 * once `maxSaves` pages are held or `BATCH_MS` after the first one, or when `writePages` or
 * `flush` asks. On SQLite that is one WAL append for index pages many rows share and a handful
 * of round trips to the driver's thread instead of a dozen per page; on Postgres one WAL flush
 * and a handful of round trips. Batches are written one at a time, in order.
 *
 * Links are held longer than pages: up to `BATCH_LINKS`, or until `flush`. A crawl's link rows
 * land all over their table's index (each page links to pages everywhere on the site), so every
 * transaction that writes some rewrites most of that index's pages: written with every batch of
 * pages, a 2,000-page crawl's 80,000 link rows cost SQLite a write-ahead log several times the
 * size of the whole file. A page's lease (its frontier row) ends in the transaction that writes
 * its links, not its row: a stored page whose links are still held stays leased, so a crash
 * before its links are written has the resumed crawl fetch it again (`requeueLeased`), which
 * stores it in place (charged once, counted once) and finds its links again.
 *
 * A batch whose transaction fails (a full disk, a lost claim, a lost connection) is rolled back
 * whole. On a full disk it is written again at once: its links first, then one page at a time,
 * as far as they go, so the crawl keeps every page that fitted, as unbatched saves did. The
 * first write that fails (the batch's own, for any other cause) stops the batch:
 * what it held is dropped, its timer is cleared, and every later `save`, `link` and `flush`
 * rejects with that failure without writing anything. So a failed store is silent from then
 * on: on a full disk, nothing of the crawl takes the room the worker frees to record the job's
 * failure (`DiskSpace.release`). The dropped pages are those a kill -9 would lose (never
 * stored, or stored with their leases not ended: fetched again on resume, never charged twice).
 * With `maxSaves` 1 (an unbatched store) every save and every call's links are written before
 * they resolve.
 */
export class WriteBatch {
  private pages: PendingPage[] = [];
  private links: InlinkObservation[] = [];
  /** Keys of stored pages whose links are still held: their leases end with the links. */
  private leased: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /** The first failed write: once set, nothing more is written. */
  private failure: { error: unknown } | null = null;

  /** Batches for `write`, which writes one in its transaction; `done` hears what each did. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly write: (tx: SqlTransaction, batch: HeldWrites) => Promise<SavedBatch | null>,
    private readonly done: (saved: SavedBatch) => Promise<void>,
    private readonly maxSaves = BATCH_SAVES,
  ) {}

  /** Holds a page save; resolves at once, or once the batch it filled is written. */
  async save(page: PendingPage): Promise<void> {
    this.throwIfStopped();
    this.pages.push(page);
    await this.held();
  }

  /** Holds links; resolves at once, or once the batch they filled is written. */
  async link(links: InlinkObservation[]): Promise<void> {
    this.throwIfStopped();
    for (const link of links) this.links.push(link);
    await this.held();
  }

  /**
   * Writes what is held: everything saved so far is durable once this resolves, links too, and
   * the saved pages' leases are ended.
   */
  flush(): Promise<void> {
    return this.writeHeld(true);
  }

  /**
   * Writes the held page saves (and the held links only when they are due): the saved pages are
   * stored and counted once this resolves, their leases still held until their links are written.
   */
  writePages(): Promise<void> {
    return this.writeHeld(this.links.length >= BATCH_LINKS);
  }

  private writeHeld(withLinks: boolean): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pages = this.pages;
    const links = withLinks ? this.links : [];
    this.pages = [];
    if (withLinks) this.links = [];
    const run = async () => {
      this.throwIfStopped();
      if (pages.length === 0 && links.length === 0 && !(withLinks && this.leased.length > 0))
        return;
      try {
        await this.writeAll(pages, links, withLinks);
      } catch (error) {
        this.stop(error);
        throw error;
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * One transaction for the batch; on a full disk, its links (and the leases they end) first,
   * then one per page until a page fails too. With `withLinks`, the leases of every page stored
   * so far end with the links; without, the pages written join those still leased.
   */
  private async writeAll(
    pages: PendingPage[],
    links: InlinkObservation[],
    withLinks: boolean,
  ): Promise<void> {
    const ending = () => (withLinks ? this.leased : null);
    const written = (saved: SavedBatch | null) => {
      if (withLinks) this.leased = [];
      else if (saved) for (const key of saved.keys) this.leased.push(key);
    };
    const whole = await fencedTransaction(this.db, (tx) =>
      this.write(tx, { pages, links, endLeases: ending() }),
    ).then(
      (saved) => ({ saved }),
      (err: unknown) => ({ err }),
    );
    if ('saved' in whole) {
      written(whole.saved);
      if (whole.saved) await this.done(whole.saved);
      return;
    }
    if (pages.length <= 1 || !isDiskFull(whole.err)) throw whole.err;
    written(
      await fencedTransaction(this.db, (tx) =>
        this.write(tx, { pages: [], links, endLeases: ending() }),
      ),
    );
    for (const page of pages) {
      const saved = await fencedTransaction(this.db, (tx) =>
        this.write(tx, { pages: [page], links: [], endLeases: ending() }),
      );
      written(saved);
      if (saved) await this.done(saved);
    }
  }

  /** Ends the batch on its first failed write: nothing held or saved later is written. */
  private stop(error: unknown): void {
    this.failure ??= { error };
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pages = [];
    this.links = [];
    this.leased = [];
  }

  private throwIfStopped(): void {
    if (this.failure) throw this.failure.error;
  }

  private async held(): Promise<void> {
    const full = this.pages.length >= this.maxSaves || this.links.length >= BATCH_LINKS;
    // Unbatched (`maxSaves` 1), links are written at once too.
    if (this.maxSaves <= 1) return this.flush();
    if (full) return this.writePages();
    // A batch written on the timer that fails stops the batch: the next call throws.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.writePages().catch(() => undefined);
    }, BATCH_MS);
  }
}
