import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UrlPolicy } from '../ports/url-policy.js';
import { createHttpFetcher } from './http-fetcher.js';
import { downloadSitemap } from './sitemap-download.js';
import { createUrlPolicy } from './url-policy.js';

let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('<urlset/>'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Lets every URL text through, so the name reaches DNS and only its answer is judged. */
const strict = createUrlPolicy({ allowLoopback: false });
const addressOnly: UrlPolicy = {
  checkUrl: () => ({ allowed: true }),
  checkAddress: strict.checkAddress,
};

/** What a caller sees of a failed fetch, with the host name taken out. */
async function failureOf(run: () => Promise<unknown>, host: string) {
  const err = await run().then(
    () => null,
    (e: Error & { code?: string; status?: number; retryable?: boolean }) => e,
  );
  return {
    code: err?.code,
    status: err?.status,
    retryable: err?.retryable,
    message: err?.message.replaceAll(host, '<host>'),
  };
}

describe('a name that resolves to a refused address', () => {
  // `localhost` resolves to loopback (the text check is let through above); `.invalid` never resolves.
  const inside = 'localhost';
  const nowhere = 'no-such-host.invalid';

  it('fails in the fetcher and in the checker exactly as a name that does not exist', async () => {
    const fetcher = createHttpFetcher({ policy: addressOnly });
    try {
      const fetchOf = (host: string) =>
        failureOf(
          () => fetcher.fetch({ url: `http://${host}:${port}/sitemap.xml`, maxBodyBytes: 1024 }),
          host,
        );
      const checkerOf = (host: string) =>
        failureOf(
          () =>
            downloadSitemap({ fetcher, policy: addressOnly }, `http://${host}:${port}/sitemap.xml`),
          host,
        );
      const fetched = await fetchOf(inside);
      expect(fetched).toEqual(await fetchOf(nowhere));
      expect(fetched.message).not.toMatch(/127\.0\.0\.1|::1|loopback|not allowed|refused/);
      const checked = await checkerOf(inside);
      expect(checked).toEqual(await checkerOf(nowhere));
      expect(checked.status).toBe(502);
      expect(checked.message).not.toMatch(/127\.0\.0\.1|::1|loopback|not allowed|refused/);
    } finally {
      await fetcher.close();
    }
  });
});
