import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../../tests/servers/http-util.js';
import {
  type IndexNowStandIn,
  startIndexNowStandIn,
  startTextSite,
} from '../../../../tests/servers/indexnow-server.js';
import { explainIndexNowStatus, INDEXNOW_BATCH_LIMIT, submitToIndexNow } from './indexnow.js';
import { generateKey, INDEXNOW_KEY } from './site-key.js';

let indexNow: IndexNowStandIn;
let site: LocalServer;
const key = generateKey();

beforeAll(async () => {
  indexNow = await startIndexNowStandIn();
  site = await startTextSite(new Map([[`/${key}.txt`, `${key}\n`]]));
});

afterAll(async () => {
  await indexNow.close();
  await site.close();
});

beforeEach(() => {
  indexNow.respondWith(null);
  indexNow.received.length = 0;
});

function submission(urls: string[], overrides: Partial<{ key: string; keyLocation: string }> = {}) {
  const host = new URL(site.url).host;
  return {
    endpoint: indexNow.endpoint,
    host,
    key,
    keyLocation: `${site.url}/${key}.txt`,
    urls,
    ...overrides,
  };
}

describe('IndexNow submission', () => {
  it('makes keys of the allowed form', () => {
    expect(key).toMatch(INDEXNOW_KEY);
    expect(generateKey()).not.toBe(key);
  });

  it('200: submits {host, key, keyLocation, urlList} and says so', async () => {
    const urls = [`${site.url}/`, `${site.url}/a`];
    const result = await submitToIndexNow(submission(urls));
    expect(result).toMatchObject({ ok: true, status: 200, accepted: 2 });
    expect(result.message).toMatch(/^URLs submitted successfully: 2 URLs/);
    expect(indexNow.received[0]).toEqual({
      host: new URL(site.url).host,
      key,
      keyLocation: `${site.url}/${key}.txt`,
      urlList: urls,
    });
  });

  it('202: accepted while the key is validated', async () => {
    indexNow.respondWith(202);
    const result = await submitToIndexNow(submission([`${site.url}/`]));
    expect(result).toMatchObject({ ok: true, status: 202 });
    expect(result.message).toMatch(/still validating the key/);
  });

  it('403: a key file that is not live is explained, not reported as success', async () => {
    const wrong = generateKey();
    const result = await submitToIndexNow(
      submission([`${site.url}/`], { key: wrong, keyLocation: `${site.url}/${wrong}.txt` }),
    );
    expect(result).toMatchObject({ ok: false, status: 403, accepted: 0 });
    expect(result.message).toMatch(/key is not valid/);
  });

  it('422: URLs of another host are explained', async () => {
    const result = await submitToIndexNow(submission(['https://elsewhere.example/page']));
    expect(result).toMatchObject({ ok: false, status: 422 });
    expect(result.message).toMatch(/do not belong to the host/);
  });

  it('429: throttling is explained', async () => {
    indexNow.respondWith(429);
    const result = await submitToIndexNow(submission([`${site.url}/`]));
    expect(result).toMatchObject({ ok: false, status: 429 });
    expect(result.message).toMatch(/Too many requests/);
  });

  it('400 and an unreachable endpoint are failures too', async () => {
    indexNow.respondWith(400);
    expect(await submitToIndexNow(submission([`${site.url}/`]))).toMatchObject({
      ok: false,
      status: 400,
    });
    const closed = await submitToIndexNow({
      ...submission([`${site.url}/`]),
      endpoint: 'http://127.0.0.1:1/indexnow',
    });
    expect(closed).toMatchObject({ ok: false, status: null });
    expect(explainIndexNowStatus(503)).toBe('IndexNow answered HTTP 503');
  });

  it('sends at most 10,000 URLs per request', async () => {
    const urls = Array.from(
      { length: 2 * INDEXNOW_BATCH_LIMIT + 1 },
      (_, i) => `${site.url}/p${i}`,
    );
    const result = await submitToIndexNow(submission(urls));
    expect(result).toMatchObject({ ok: true, accepted: urls.length });
    expect(indexNow.received.map((r) => r.urlList.length)).toEqual([10_000, 10_000, 1]);
    expect(result.message).toMatch(/in 3 batches/);
  });

  it('stops at the first refused batch and says how far it got', async () => {
    const urls = Array.from(
      { length: 2 * INDEXNOW_BATCH_LIMIT + 5 },
      (_, i) => `${site.url}/p${i}`,
    );
    indexNow.respondWith([200, 429]);
    const result = await submitToIndexNow(submission(urls));
    expect(result).toMatchObject({ ok: false, status: 429, accepted: INDEXNOW_BATCH_LIMIT });
    expect(result.message).toMatch(/batch 2 of 3; 10,000 URLs accepted before it/);
    expect(indexNow.received).toHaveLength(2);
  });
});
