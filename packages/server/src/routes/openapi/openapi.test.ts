import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../repos/test-support.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ MAPSMITH_PUBLIC_URL: 'https://sitemaps.example/' });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document, public and cacheable, revalidated by ETag', async () => {
    const res = await fetch(`${t.server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://sitemaps.example' }]);
    const result = await validate(doc);
    expect(result.valid, compileErrors(result)).toBe(true);

    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    // A Cache-Control of our own: with If-None-Match alone, fetch adds `no-cache`, which
    // (rightly) makes the server answer in full.
    const again = await fetch(`${t.server.url}/api/openapi.json`, {
      headers: { 'If-None-Match': etag ?? '', 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });
});
