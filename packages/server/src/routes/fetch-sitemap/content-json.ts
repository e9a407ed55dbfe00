import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Response } from 'express';

/** Bytes decoded and escaped per write: small strings (young-generation garbage, not large objects) and short turns of the event loop. */
const CHUNK_BYTES = 64 * 1024;

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
 * Answers `{"content": <text>}` for UTF-8 `bytes` without building the text or the JSON in
 * memory: each chunk is decoded (the streaming decoder never splits a character) and escaped
 * on its own, and writing waits for the socket. The bytes are the only copy held, so a 50 MB
 * sitemap costs 50 MB, not four times that.
 *
 * Each chunk gets its own turn of the event loop. Without that, a client that reads as fast as
 * loopback allows keeps the whole answer inside one run of the microtask and next-tick queues
 * (the socket's write completes at once, 'drain' resolves the next write, which corks and
 * uncorks in a next tick, ...): four such answers held the loop for 100 to 600 ms at a time,
 * and /api/health waited behind them.
 */
export async function writeContentJson(res: Response, bytes: Uint8Array): Promise<void> {
  res.status(200).type('application/json; charset=utf-8');
  const decoder = new TextDecoder('utf-8');
  res.write('{"content":"');
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    if (res.destroyed) return;
    const text = decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true });
    if (!res.write(JSON.stringify(text).slice(1, -1))) await drained(res);
    await nextTurn();
  }
  if (res.destroyed) return;
  res.end(`${JSON.stringify(decoder.decode()).slice(1, -1)}"}`);
}
