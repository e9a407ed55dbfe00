import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Response } from 'express';
import { HttpError } from '../../http/errors.js';
import type { CheckerReply } from './checker-protocol.js';

/**
 * The built worker beside this file; from the TypeScript sources (tests), the .ts one run
 * through tsx with the `source` condition, as the tests run everything else.
 */
function workerEntry(): { file: string; execArgv?: string[] } {
  const built = fileURLToPath(new URL('./checker-worker.js', import.meta.url));
  if (fs.existsSync(built)) return { file: built };
  return {
    file: fileURLToPath(new URL('./checker-worker.ts', import.meta.url)),
    execArgv: ['--conditions', 'source', '--import', 'tsx'],
  };
}

/** Resolves once `res` can take more, or has closed (the client left). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * The checker's worker threads, one per download running at once (the router's gate bounds
 * how many), started on first use and kept. `check` answers one request from a worker: the
 * download's refusal as an `HttpError`, or the `{content}` answer passed on piece by piece,
 * each acknowledged once the socket took it.
 */
export class CheckerThreads {
  private readonly idle: Worker[] = [];

  /** Threads may run loopback checks only where the server's policy allows them. */
  constructor(private readonly allowLoopback: boolean) {}

  /** Answers `res` with the check of `url`; rejects with the refusal to send instead. */
  async check(url: string, res: Response, headers: Record<string, string>): Promise<void> {
    const worker = this.idle.pop() ?? this.start();
    let healthy = true;
    try {
      await new Promise<void>((resolve, reject) => {
        const onExit = () => {
          healthy = false;
          reject(new Error('the checker thread stopped'));
        };
        const onClose = () => {
          if (!res.writableFinished) worker.postMessage({ type: 'stop' });
        };
        const finish = () => {
          worker.off('message', onMessage);
          worker.off('exit', onExit);
          res.off('close', onClose);
        };
        const onMessage = (reply: CheckerReply) => {
          if (reply.type === 'start') {
            res.status(200).type('application/json; charset=utf-8');
            res.set({ ...headers, 'Cache-Control': 'no-store' });
          } else if (reply.type === 'piece') {
            if (res.destroyed) return;
            const more = () => worker.postMessage({ type: 'more' });
            if (res.write(reply.bytes)) more();
            else void drained(res).then(more);
          } else if (reply.type === 'end') {
            finish();
            if (!res.destroyed) res.end();
            resolve();
          } else if (reply.type === 'refused') {
            finish();
            reject(new HttpError(reply.status, reply.error, reply.message, headers, reply.code));
          } else {
            finish();
            reject(new Error(reply.message));
          }
        };
        worker.on('message', onMessage);
        worker.once('exit', onExit);
        res.once('close', onClose);
        worker.postMessage({ type: 'check', url });
      });
    } finally {
      if (healthy) this.idle.push(worker);
    }
  }

  private start(): Worker {
    const entry = workerEntry();
    const worker = new Worker(entry.file, {
      workerData: { allowLoopback: this.allowLoopback },
      execArgv: entry.execArgv,
    });
    // A kept thread must not hold the process open.
    worker.unref();
    // Its 'exit' fails the check in progress; the error itself has nothing more to say.
    worker.on('error', () => undefined);
    return worker;
  }
}
