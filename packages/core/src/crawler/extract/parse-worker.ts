/**
 * A parse worker's entry (`parse-pool.ts`): it loads only the decode and extract modules and
 * answers each page with its facts, or with the error message the in-thread path would throw.
 */
import { parentPort } from 'node:worker_threads';
import { type ParseInput, parsePage } from './parse-page.js';

/** A page sent to the worker. */
export interface ParseJob extends ParseInput {
  /** The pool's number for this job. */
  id: number;
}

const port = parentPort;
if (port) {
  port.on('message', (job: ParseJob) => {
    try {
      port.postMessage({ id: job.id, facts: parsePage(job) });
    } catch (err) {
      port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  port.postMessage({ ready: true });
}
