import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { createHttpFetcher } from './http-fetcher.js';
import { createUrlPolicy } from './url-policy.js';

const text = 'hello '.repeat(5000);
let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const coding = req.url?.slice(1) ?? '';
    if (coding === 'hang') return;
    const body =
      coding === 'gzip'
        ? zlib.gzipSync(text)
        : coding === 'br'
          ? zlib.brotliCompressSync(text)
          : coding === 'deflate'
            ? zlib.deflateSync(text)
            : Buffer.from(text);
    res.writeHead(200, {
      'content-type': 'text/plain',
      ...(coding && coding !== 'plain' ? { 'content-encoding': coding } : {}),
      'set-cookie': ['a=1', 'b=2'],
    });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Allows every URL text, so only the connect-time address check can refuse. */
const addressOnly = (policy: UrlPolicy): UrlPolicy => ({
  checkUrl: () => ({ allowed: true }),
  checkAddress: policy.checkAddress,
});

describe('the undici fetcher', () => {
  it.each(['plain', 'gzip', 'br', 'deflate'])('decodes %s bodies', async (coding) => {
    const fetcher = createHttpFetcher({ policy: createUrlPolicy({ allowLoopback: true }) });
    const res = await fetcher.fetch({
      url: `http://127.0.0.1:${port}/${coding}`,
      maxBodyBytes: 1 << 20,
    });
    expect(new TextDecoder().decode(res.body)).toBe(text);
    expect(res.truncated).toBe(false);
    expect(res.headers['set-cookie']).toBe('a=1, b=2');
    await fetcher.close();
  });

  it('caps the decoded body', async () => {
    const fetcher = createHttpFetcher({ policy: createUrlPolicy({ allowLoopback: true }) });
    const res = await fetcher.fetch({ url: `http://127.0.0.1:${port}/gzip`, maxBodyBytes: 1000 });
    expect(res.body.byteLength).toBe(1000);
    expect(res.truncated).toBe(true);
    await fetcher.close();
  });

  it('refuses loopback at connect time, for IP literals and for names that resolve there', async () => {
    const fetcher = createHttpFetcher({ policy: addressOnly(createUrlPolicy()) });
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
      const err = await fetcher
        .fetch({ url: `http://${host}:${port}/plain`, maxBodyBytes: 1000 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FetchError);
      // A name pointing inside fails as a name that does not exist (no DNS oracle, issue 30).
      expect((err as FetchError).code).toBe(host === 'localhost' ? 'ENOTFOUND' : 'EBLOCKED');
      expect((err as FetchError).retryable).toBe(false);
    }
    await fetcher.close();
  });

  it('refuses on the URL text before connecting', async () => {
    const fetcher = createHttpFetcher({ policy: createUrlPolicy() });
    await expect(
      fetcher.fetch({ url: `http://2130706433:${port}/`, maxBodyBytes: 10 }),
    ).rejects.toMatchObject({ code: 'EBLOCKED' });
    await fetcher.close();
  });

  it('cancels every request in flight under one signal, through one listener on it', async () => {
    const fetcher = createHttpFetcher({ policy: createUrlPolicy({ allowLoopback: true }) });
    // A crawl's signal lives as long as the crawl: a listener per request on it was added and
    // removed for every page (issue 28 point 1).
    const crawl = new AbortController();
    const pending = Array.from({ length: 5 }, () =>
      fetcher
        .fetch({ url: `http://127.0.0.1:${port}/hang`, maxBodyBytes: 10, signal: crawl.signal })
        .then(
          () => 'answered',
          (e: unknown) => e,
        ),
    );
    expect(getEventListeners(crawl.signal, 'abort')).toHaveLength(1);
    crawl.abort('cancelled');
    const settled = await Promise.all(pending);
    for (const err of settled) expect(err).toBeInstanceOf(FetchError);
    expect(getEventListeners(crawl.signal, 'abort')).toHaveLength(0);
    // A request under a signal aborted already never starts.
    await expect(
      fetcher.fetch({
        url: `http://127.0.0.1:${port}/plain`,
        maxBodyBytes: 10,
        signal: crawl.signal,
      }),
    ).rejects.toBeInstanceOf(FetchError);
    await fetcher.close();
  });

  it('times out a server that never answers, as a retryable error', async () => {
    const fetcher = createHttpFetcher({
      policy: createUrlPolicy({ allowLoopback: true }),
      headersTimeoutMs: 300,
      bodyTimeoutMs: 300,
    });
    const err = await fetcher
      .fetch({ url: `http://127.0.0.1:${port}/hang`, maxBodyBytes: 10 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as FetchError).retryable).toBe(true);
    await fetcher.close();
  });
});
