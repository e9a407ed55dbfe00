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

describe('a name that resolves to a refused address', () => {
  it('is refused without naming the address, in the fetcher and in the checker', async () => {
    const fetcher = createHttpFetcher({ policy: addressOnly });
    try {
      const url = `http://localhost:${port}/sitemap.xml`;
      const err = await fetcher.fetch({ url, maxBodyBytes: 1024 }).then(
        () => null,
        (e: Error & { code?: string }) => e,
      );
      expect(err?.code).toBe('EBLOCKED');
      expect(err?.message).toContain('not allowed');
      expect(err?.message).not.toMatch(/127\.0\.0\.1|::1|loopback/);
      const checker = await downloadSitemap({ fetcher, policy: addressOnly }, url).then(
        () => null,
        (e: Error & { status?: number }) => e,
      );
      expect(checker?.status).toBe(400);
      expect(checker?.message).not.toMatch(/127\.0\.0\.1|::1|loopback/);
    } finally {
      await fetcher.close();
    }
  });
});
