import path from 'node:path';

/** One finished export as the index knows it: its folder, its size, when it was last used. */
export interface IndexedExport {
  dir: string;
  bytes: number;
  /** Epoch ms of the last use (its manifest's mtime when read from disk). */
  usedAt: number;
}

/** A change to the index, kept so it can be replayed over a walk that ran meanwhile. */
type Change =
  | { kind: 'use'; entry: IndexedExport }
  | { kind: 'remove'; dir: string }
  | { kind: 'remove-under'; dir: string };

/**
 * The finished exports of the cache folder, least recently used first, with their total
 * size. The folder is read by one walk (at first use and at each sweep); every build, use
 * and removal after that updates the index in place, so keeping the cache under its size
 * costs what changes instead of a walk of every export per build. Changes made while a
 * walk runs are replayed over its result, so a walk never loses a build that finished
 * during it nor brings back an export removed during it.
 */
export class ExportIndex {
  /** Insertion order is use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, IndexedExport>();
  private bytes = 0;
  /** The changes of the walks running now, one list per walk. */
  private readonly journals = new Set<Change[]>();
  private loaded: Promise<void> | null = null;

  /** Total size of the indexed exports. */
  get total(): number {
    return this.bytes;
  }

  /** Resolves once the folder has been read by `walk` (only the first call walks). */
  ready(walk: () => Promise<IndexedExport[]>): Promise<void> {
    this.loaded ??= this.rebuild(walk);
    return this.loaded;
  }

  /** Replaces the index with what `walk` finds on disk, keeping changes made meanwhile. */
  rebuild(walk: () => Promise<IndexedExport[]>): Promise<void> {
    const journal: Change[] = [];
    this.journals.add(journal);
    const done = walk()
      .then((found) => {
        // Cleared in place, so an eviction walking the index meanwhile goes on over the new one.
        this.entries.clear();
        this.bytes = 0;
        for (const entry of found.sort((a, b) => a.usedAt - b.usedAt))
          this.apply({ kind: 'use', entry });
        for (const change of journal) this.apply(change);
      })
      .catch((err: unknown) => {
        // A failed walk is tried again at the next use instead of failing every later one.
        if (this.loaded === done) this.loaded = null;
        throw err;
      })
      .finally(() => this.journals.delete(journal));
    this.loaded = done;
    return done;
  }

  /** Records a use (or a new build): the export becomes the most recently used. */
  use(entry: IndexedExport): void {
    this.change({ kind: 'use', entry });
  }

  /** Forgets one export (removed from disk). */
  remove(dir: string): void {
    this.change({ kind: 'remove', dir });
  }

  /** Forgets every export inside `dir` (a user's or a job's folder, removed from disk). */
  removeUnder(dir: string): void {
    this.change({ kind: 'remove-under', dir });
  }

  /** The indexed export of `dir`, if any. */
  get(dir: string): IndexedExport | undefined {
    return this.entries.get(dir);
  }

  /**
   * The exports from least to most recently used, read live: one removed meanwhile is not
   * reached, one used meanwhile is reached again at the recent end; stops once the index
   * holds no more.
   */
  oldestFirst(): IterableIterator<IndexedExport> {
    return this.entries.values();
  }

  private change(change: Change): void {
    for (const journal of this.journals) journal.push(change);
    this.apply(change);
  }

  private apply(change: Change): void {
    if (change.kind === 'use') {
      // Deleted first so the re-insert moves it to the most recently used end.
      this.drop(change.entry.dir);
      this.entries.set(change.entry.dir, change.entry);
      this.bytes += change.entry.bytes;
    } else if (change.kind === 'remove') {
      this.drop(change.dir);
    } else {
      const prefix = change.dir.endsWith(path.sep) ? change.dir : change.dir + path.sep;
      for (const dir of [...this.entries.keys()]) if (dir.startsWith(prefix)) this.drop(dir);
    }
  }

  private drop(dir: string): void {
    const old = this.entries.get(dir);
    if (!old) return;
    this.entries.delete(dir);
    this.bytes -= old.bytes;
  }
}
