import type { InlinkObservation, SqlDatabase, SqlTransaction } from '@mapsmith/core';
import type { PendingPage, SavedBatch } from './page-saves.js';
import { fencedTransaction } from './transactions.js';

/** Page saves one batch holds before it is written. */
export const BATCH_SAVES = 200;
/** Links one batch holds before it is written (a page has ~40 on a typical site). */
const BATCH_LINKS = 20_000;
/** How long a batch waits after its first save or link before it is written, in ms. */
export const BATCH_MS = 100;

/**
 * The page saves and links of one crawl job's store, held and written together: one
 * transaction (`fencedTransaction`) per batch, of a few multi-row statements (`savePages`),
 * once `maxSaves` pages are held or `BATCH_MS` after the first one, or when `flush` asks. On
 * SQLite that is one WAL append for index pages many rows share and a handful of round trips
 * to the driver's thread instead of a dozen per page; on Postgres one WAL flush and a handful
 * of round trips. Batches are written one at a time, in order. A batch that fails rolls back
 * and is written again one page at a time, so a failing write (a full disk) keeps every page
 * before it, as unbatched saves did; the first failure is thrown by that `flush` (or, for a
 * batch written on the timer, by the next `save`, `link` or `flush`).
 * With `maxSaves` 1 (an unbatched store) every save and every call's links are written before
 * they resolve.
 */
export class WriteBatch {
  private pages: PendingPage[] = [];
  private links: InlinkObservation[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /** A batch that failed on the timer, thrown by the next call. */
  private failed: unknown = null;

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
    this.pages.push(page);
    await this.held();
  }

  /** Holds links; resolves at once, or once the batch they filled is written. */
  async link(links: InlinkObservation[]): Promise<void> {
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
      if (this.failed) {
        const failure = this.failed;
        this.failed = null;
        throw failure;
      }
      if (pages.length === 0 && links.length === 0) return;
      const whole = await fencedTransaction(this.db, (tx) => this.write(tx, pages, links)).then(
        (saved) => ({ saved }),
        (err: unknown) => ({ err }),
      );
      if ('saved' in whole) {
        if (whole.saved) await this.done(whole.saved);
        return;
      }
      if (pages.length <= 1) throw whole.err;
      // One page at a time, as far as they go: a full disk keeps every page that fitted.
      await fencedTransaction(this.db, (tx) => this.write(tx, [], links));
      for (const page of pages) {
        const saved = await fencedTransaction(this.db, (tx) => this.write(tx, [page], []));
        if (saved) await this.done(saved);
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private async held(): Promise<void> {
    if (this.failed) {
      const failure = this.failed;
      this.failed = null;
      throw failure;
    }
    const full = this.pages.length >= this.maxSaves || this.links.length >= BATCH_LINKS;
    // Unbatched (`maxSaves` 1), links are written at once too.
    if (full || this.maxSaves <= 1) return this.flush();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush().catch((err: unknown) => {
        this.failed = err;
      });
    }, BATCH_MS);
  }
}
