/**
 * Parses pages in a small pool of worker threads, so one crawl uses more than one core when the
 * site is fast (issue 28 point 3); the frontier, robots and politeness stay on the main thread.
 * Each worker loads only the extract modules (`extract/parse-worker.ts`). The workers start once
 * the crawl has parsed `startAfter` pages, and pages parse in-thread until the first one is ready:
 * a small crawl never waits for a thread to start. An idle worker never keeps the process alive,
 * and `close` ends them all with the crawl.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PageFacts } from './extract/page-facts.js';
import { type ParseInput, parsePage } from './extract/parse-page.js';

/** Workers by default: none below 4 cores (the main thread and the site share them), else one per core but the main thread's. */
export function defaultParseWorkers(cores = os.availableParallelism()): number {
  return cores < 4 ? 0 : cores - 1;
}

/** Pages parsed in-thread before the workers start (a small crawl never starts them). */
export const PARSE_WORKERS_START_AFTER = 50;

interface Job {
  resolve: (facts: PageFacts) => void;
  reject: (err: Error) => void;
}

interface PoolWorker {
  thread: Worker;
  ready: boolean;
  jobs: Map<number, Job>;
}

/**
 * The worker's entry: the built file, with the process's own Node flags (the default), or its
 * source when core runs from source, through tsx (as the tests and the benchmarks run it).
 */
function workerEntry(): { url: URL; execArgv?: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(`./extract/parse-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource || process.execArgv.includes('tsx')) return { url };
  return { url, execArgv: ['--import', 'tsx'] };
}

/** Whole-buffer bodies move to the worker without a copy; a view into a shared buffer is copied. */
function ownBuffer(body: Uint8Array, keep: boolean): Uint8Array {
  const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return whole && !keep && body.buffer instanceof ArrayBuffer ? body : new Uint8Array(body);
}

/** A crawl's parse pool; `size` 0 parses every page in-thread. */
export class ParsePool {
  private readonly workers: PoolWorker[] = [];
  private parsed = 0;
  private nextId = 0;
  private started = false;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly startAfter = PARSE_WORKERS_START_AFTER,
  ) {}

  /**
   * The facts of one page. With `keep` the caller still needs the body (to render it) and it is
   * copied; otherwise its buffer moves to the worker and `input.body` is left empty.
   */
  parse(input: ParseInput, keep: boolean): Promise<PageFacts> {
    this.parsed += 1;
    if (this.size > 0 && !this.started && !this.closed && this.parsed > this.startAfter)
      this.start();
    const worker = this.leastBusy();
    if (!worker) return Promise.resolve(parsePage(input));
    const id = this.nextId++;
    const body = ownBuffer(input.body, keep);
    return new Promise<PageFacts>((resolve, reject) => {
      worker.jobs.set(id, { resolve, reject });
      if (worker.jobs.size === 1) worker.thread.ref();
      worker.thread.postMessage({ id, body, url: input.url, headers: input.headers }, [
        body.buffer as ArrayBuffer,
      ]);
    });
  }

  /** Ends every worker; a page still in one is refused. */
  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    for (const worker of workers) this.fail(worker, new Error('the crawl ended'));
    await Promise.all(workers.map((w) => w.thread.terminate()));
  }

  private leastBusy(): PoolWorker | undefined {
    let best: PoolWorker | undefined;
    for (const worker of this.workers)
      if (worker.ready && (!best || worker.jobs.size < best.jobs.size)) best = worker;
    return best;
  }

  private start(): void {
    this.started = true;
    const { url, execArgv } = workerEntry();
    for (let i = 0; i < this.size; i++) {
      const worker: PoolWorker = {
        thread: new Worker(url, execArgv ? { execArgv } : {}),
        ready: false,
        jobs: new Map(),
      };
      worker.thread.unref();
      worker.thread.on('message', (msg) => this.answer(worker, msg));
      worker.thread.on('error', (err) => this.stopped(worker, err));
      worker.thread.on('exit', (code) =>
        this.stopped(worker, new Error(`a parse worker exited with code ${code}`)),
      );
      this.workers.push(worker);
    }
  }

  private answer(
    worker: PoolWorker,
    msg: { ready?: true; id?: number; facts?: PageFacts; error?: string },
  ): void {
    if (msg.ready) {
      worker.ready = true;
      return;
    }
    const job = worker.jobs.get(msg.id as number);
    if (!job) return;
    worker.jobs.delete(msg.id as number);
    if (worker.jobs.size === 0) worker.thread.unref();
    if (msg.error !== undefined) job.reject(new Error(msg.error));
    else job.resolve(msg.facts as PageFacts);
  }

  /** A worker that died: its pages fail with the reason, and the rest of the pool carries on. */
  private stopped(worker: PoolWorker, err: Error): void {
    const at = this.workers.indexOf(worker);
    if (at >= 0) this.workers.splice(at, 1);
    this.fail(worker, new Error(`page parsing failed: ${err.message}`));
  }

  private fail(worker: PoolWorker, err: Error): void {
    for (const job of worker.jobs.values()) job.reject(err);
    worker.jobs.clear();
  }
}
