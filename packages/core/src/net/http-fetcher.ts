/**
 * The undici HttpFetcher: keep-alive pools, the SSRF-guarded connector, connect/header/body
 * timeouts, content decoding with the decoded body capped (a gzip bomb stops at the cap).
 */
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  FetchError,
  type FetchRequest,
  type FetchResponse,
  type HttpFetcher,
} from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { USER_AGENT } from '../version.js';
import { followAbort } from './abort-relay.js';
import { toFetchError } from './fetch-errors.js';
import { guardedConnector } from './guarded-connector.js';
import { Agent, requestOn } from './undici-parts.js';

/** Options of the HTTP fetcher. */
export interface HttpFetcherOptions {
  /** The SSRF guard, asked for every connection's resolved address. */
  policy: UrlPolicy;
  /** User-Agent header (default MapsmithBot). */
  userAgent?: string;
  /** TCP/TLS connect timeout (default 10 s). */
  connectTimeoutMs?: number;
  /** Time to the response headers (default 15 s). */
  headersTimeoutMs?: number;
  /** Time for the whole body (default 30 s). */
  bodyTimeoutMs?: number;
  /** Keep-alive connections per origin (default 8). */
  connectionsPerOrigin?: number;
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip(flush);
  if (encoding === 'deflate') return zlib.createInflate(flush);
  if (encoding === 'br')
    return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  return null;
}

/**
 * Reads a stream into at most `cap` bytes; reports whether more was there. With the size the
 * server announced (`expected`, within the cap), the body is copied into one buffer as it
 * arrives instead of being joined at the end: a 45 MB sitemap then holds 45 MB, not twice that
 * for a moment. A body longer than announced falls back to joining.
 */
async function readCapped(
  stream: Readable,
  cap: number,
  expected?: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  let whole =
    expected !== undefined && expected > 0 && expected <= cap ? Buffer.allocUnsafe(expected) : null;
  let chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (whole) {
      if (size + chunk.length <= whole.length) {
        chunk.copy(whole, size);
        size += chunk.length;
        continue;
      }
      chunks = [whole.subarray(0, size)];
      whole = null;
    }
    if (size + chunk.length > cap) {
      chunks.push(chunk.subarray(0, cap - size));
      stream.destroy();
      return { body: Buffer.concat(chunks, cap), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  if (whole) return { body: whole.subarray(0, size), truncated: false };
  return {
    body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size),
    truncated: false,
  };
}

function flattenHeaders(
  raw: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw))
    if (value !== undefined)
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/**
 * One request's cancel, by its time limit or by the caller's signal. An EventEmitter, which
 * undici's request API takes as a signal: an AbortController per request and undici's listener
 * on its signal cost every request an event target's listener list and option objects. Without
 * an `aborted` field on purpose: undici reads a signal that has one as an AbortSignal.
 */
class RequestCancel extends EventEmitter {
  cancelled = false;
  /** Why, once cancelled (undici reads it). */
  reason: unknown;

  cancel(reason: unknown): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.reason = reason;
    this.emit('abort');
  }
}

/** Creates the undici fetcher. Close it to release its connections. */
export function createHttpFetcher(options: HttpFetcherOptions): HttpFetcher {
  const headersTimeout = options.headersTimeoutMs ?? 15_000;
  const bodyTimeout = options.bodyTimeoutMs ?? 30_000;
  const agent = new Agent({
    connect: guardedConnector(options.policy, options.connectTimeoutMs ?? 10_000),
    connections: options.connectionsPerOrigin ?? 8,
    keepAliveTimeout: 10_000,
    headersTimeout,
    bodyTimeout,
  });
  const userAgent = options.userAgent ?? USER_AGENT;

  return {
    async fetch(request: FetchRequest): Promise<FetchResponse> {
      const started = performance.now();
      const url = new URL(request.url);
      const policyDecision = options.policy.checkUrl(url);
      if (!policyDecision.allowed) throw new FetchError(policyDecision.reason, 'EBLOCKED', false);
      // A request's own limit bounds the whole answer. Undici's timers are lifted past it only
      // when they would fire first (a limit longer than theirs): per-request timers cost every
      // request, and at or under their length either timer's answer is the same timeout.
      const limit = request.timeoutMs ?? headersTimeout + bodyTimeout;
      const lift = request.timeoutMs !== undefined && limit > Math.min(headersTimeout, bodyTimeout);
      const cancel = new RequestCancel();
      const timer = setTimeout(
        () =>
          cancel.cancel(new FetchError(`no complete answer within ${limit} ms`, 'ETIMEDOUT', true)),
        limit,
      );
      // The caller's cancel reaches the request through one listener per caller signal.
      const unfollow = followAbort(request.signal, (reason) => cancel.cancel(reason));
      try {
        // A caller's signal aborted already: the request never starts.
        if (cancel.cancelled) throw cancel.reason;
        const res = await requestOn(agent, {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: request.method ?? 'GET',
          headers: {
            'user-agent': userAgent,
            'accept-encoding': 'gzip, deflate, br',
            accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
            ...request.headers,
          },
          signal: cancel,
          ...(lift ? { headersTimeout: limit + 1000, bodyTimeout: limit + 1000 } : {}),
        });
        const headers = flattenHeaders(res.headers);
        const encoding = (headers['content-encoding'] ?? '').trim().toLowerCase();
        const decoder = decoderFor(encoding);
        const stream = decoder ? res.body.pipe(decoder) : res.body;
        if (decoder) res.body.on('error', (err) => decoder.destroy(err));
        // The announced length is trusted only for plain bodies: a decoder changes the size.
        const announced = decoder ? undefined : Number(headers['content-length'] ?? Number.NaN);
        const { body, truncated } = await readCapped(
          stream,
          request.maxBodyBytes,
          Number.isSafeInteger(announced) ? announced : undefined,
        );
        if (truncated) res.body.destroy();
        return {
          url: request.url,
          status: res.statusCode,
          headers,
          body,
          truncated,
          elapsedMs: Math.round(performance.now() - started),
        };
      } catch (err) {
        if (cancel.cancelled && cancel.reason instanceof FetchError) throw cancel.reason;
        throw toFetchError(err);
      } finally {
        clearTimeout(timer);
        unfollow();
      }
    },
    close: () => agent.close(),
  };
}
