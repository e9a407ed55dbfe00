/**
 * The checker's worker thread: downloads one sitemap at a time behind the SSRF guard and sends
 * its `{content}` answer back in pieces, at most `WINDOW` ahead of the socket. The main thread
 * only passes the pieces on, so a flood of 45 MB checks costs it a message per 64 KB: the
 * download, the decoding and the escaping (about 0.4 s of CPU per 45 MB) happen here, and
 * /api/health stays quick even when the machine is short of CPU.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  createHttpFetcher,
  createUrlPolicy,
  downloadSitemapBytes,
  SitemapDownloadError,
} from '@mapsmith/core';
import type { CheckerReply, CheckerRequest } from './checker-protocol.js';
import { contentJsonPieces } from './content-json.js';

/** Pieces sent before the main thread says the socket took them. */
const WINDOW = 4;

const port = parentPort;
if (!port) throw new Error('checker-worker runs as a worker thread');
const policy = createUrlPolicy({
  allowLoopback: (workerData as { allowLoopback: boolean }).allowLoopback,
});
let credit = 0;
let stopped = false;
let wake: (() => void) | null = null;

const send = (reply: CheckerReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(reply, transfer);

async function check(url: string): Promise<void> {
  // A fetcher per check: checks are rare, and nothing stays open afterwards.
  const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: 1 });
  try {
    const bytes = await downloadSitemapBytes(fetcher, url);
    send({ type: 'start' });
    for (const piece of contentJsonPieces(bytes)) {
      while (credit <= 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) break;
      credit--;
      const copy = new Uint8Array(piece);
      send({ type: 'piece', bytes: copy }, [copy.buffer]);
    }
    send({ type: 'end' });
  } catch (err) {
    if (err instanceof SitemapDownloadError)
      send({
        type: 'refused',
        status: err.status,
        error: err.error,
        message: err.message,
        code: err.code,
      });
    else send({ type: 'failed', message: String((err as Error)?.message ?? err) });
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}

port.on('message', (request: CheckerRequest) => {
  if (request.type === 'check') {
    credit = WINDOW;
    stopped = false;
    void check(request.url);
    return;
  }
  if (request.type === 'more') credit++;
  else stopped = true;
  wake?.();
  wake = null;
});
