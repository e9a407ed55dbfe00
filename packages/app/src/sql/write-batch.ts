import {
  type InlinkObservation,
  isDiskFull,
  type SqlDatabase,
  type SqlTransaction,
} from '@mapsmith/core';
import type { PendingPage, SavedBatch } from './page-saves.js';
import { fencedTransaction } from './transactions.js';

/** Page saves one batch holds before it is written. */
export const BATCH_SAVES = 200;
/** Links one batch holds before it is written (a page has ~40 on a typical site). */
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
 * once `maxSaves` pages are held or `BATCH_MS` after the first one, or when `flush` asks. On
 * SQLite that is one WAL append for index pages many rows share and a handful of round trips
 * to the driver's thread instead of a dozen per page; on Postgres one WAL flush and a handful
 * of round trips. Batches are written one at a time, in order.
 *
 * A batch whose transaction fails (a full disk, a lost claim, a lost connection) is rolled back
 * whole. On a full disk it is written again at once one page at a time, as far as they go, so
 * the crawl keeps every page that fitted, as unbatched saves did. The first write that fails
 * (the batch's own, for any other cause) stops the batch:
 * what it held is dropped, its timer is cleared, and every later `save`, `link` and `flush`
 * rejects with that failure without writing anything. So a failed store is silent from then
 * on: on a full disk, nothing of the crawl takes the room the worker frees to record the job's
 * failure (`DiskSpace.release`). The dropped pages are those a kill -9 would lose (never
 * stored, never charged, their frontier rows still leased).
 * With `maxSaves` 1 (an unbatched store) every save and every call's links are written before
 * they resolve.
 */
export class WriteBatch {
  private pages: PendingPage[] = [];
  private links: InlinkObservation[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /** The first failed write: once set, nothing more is written. */
  private failure: { error: unknown } | null = null;

  /** Batches for `write`, which writes one in its transaction; `done` hears what each did. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly write: (
      tx: SqlTransaction,
      pages: PendingPage[],
      links: InlinkObservation[],
    ) => Promise<SavedBatch | null>,
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

  /** Writes what is held: everything saved so far is durable once this resolves. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pages = this.pages;
    const links = this.links;
    this.pages = [];
    this.links = [];
    const run = async () => {
      this.throwIfStopped();
      if (pages.length === 0 && links.length === 0) return;
      try {
        await this.writeAll(pages, links);
      } catch (error) {
        this.stop(error);
        throw error;
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** One transaction for the batch; on a full disk, then one per page until a page fails too. */
  private async writeAll(pages: PendingPage[], links: InlinkObservation[]): Promise<void> {
    const whole = await fencedTransaction(this.db, (tx) => this.write(tx, pages, links)).then(
      (saved) => ({ saved }),
      (err: unknown) => ({ err }),
    );
    if ('saved' in whole) {
      if (whole.saved) await this.done(whole.saved);
      return;
    }
    if (pages.length <= 1 || !isDiskFull(whole.err)) throw whole.err;
    await fencedTransaction(this.db, (tx) => this.write(tx, [], links));
    for (const page of pages) {
      const saved = await fencedTransaction(this.db, (tx) => this.write(tx, [page], []));
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
  }

  private throwIfStopped(): void {
    if (this.failure) throw this.failure.error;
  }

  private async held(): Promise<void> {
    const full = this.pages.length >= this.maxSaves || this.links.length >= BATCH_LINKS;
    // Unbatched (`maxSaves` 1), links are written at once too.
    if (full || this.maxSaves <= 1) return this.flush();
    // A batch written on the timer that fails stops the batch: the next call throws.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush().catch(() => undefined);
    }, BATCH_MS);
  }
}
