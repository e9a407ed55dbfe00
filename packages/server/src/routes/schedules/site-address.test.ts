import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_URL_VECTORS } from '../../../../../tests/fixtures/ssrf-vectors.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let pro: TestUser;

beforeAll(async () => {
  t = await startTestServer({ MAPSMITH_ALLOW_LOOPBACK: '0' });
  pro = await createTestUser(t.server.context.db, { pro: true });
});
afterAll(() => t.close());

const weekly = {
  frequency: 'weekly',
  weekday: 1,
  time: '06:30',
  timeZone: 'Europe/Berlin',
  after: { publish: false, mail: true, indexNow: false },
};

async function refusal(res: Response): Promise<{ status: number; code: unknown }> {
  return { status: res.status, code: (await res.json()).code };
}

const NOT_ALLOWED = { status: 400, code: 'crawl.url-not-allowed' };

describe('every entry that takes a site address refuses what a crawl start refuses', () => {
  it('refuses each internal address form as a schedule, at create and at update', async () => {
    const created = await call(t.server.url, pro, 'POST', '/api/schedules', {
      url: 'https://example.com/',
      ...weekly,
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    for (const [url, label] of INTERNAL_URL_VECTORS) {
      const create = await call(t.server.url, pro, 'POST', '/api/schedules', { url, ...weekly });
      expect(await refusal(create), `create ${label} ${url}`).toEqual(NOT_ALLOWED);
      const update = await call(t.server.url, pro, 'POST', `/api/schedules/${id}`, {
        url,
        ...weekly,
      });
      expect(await refusal(update), `update ${label} ${url}`).toEqual(NOT_ALLOWED);
    }
    const list = await (await call(t.server.url, pro, 'GET', '/api/schedules')).json();
    expect(list.map((s: { url: string }) => s.url)).toEqual(['https://example.com/']);
  });

  it('refuses each internal address form as a crawl, an audit and a checker fetch, alike', async () => {
    for (const [url, label] of INTERNAL_URL_VECTORS) {
      const crawl = await call(t.server.url, pro, 'POST', '/api/crawl', { url });
      expect(await refusal(crawl), `crawl ${label} ${url}`).toEqual(NOT_ALLOWED);
      const audit = await call(t.server.url, pro, 'POST', '/api/audit', { url });
      expect(await refusal(audit), `audit ${label} ${url}`).toEqual(NOT_ALLOWED);
      const fetched = await call(
        t.server.url,
        null,
        'GET',
        `/api/fetch-sitemap?url=${encodeURIComponent(url)}`,
      );
      expect(await refusal(fetched), `fetch-sitemap ${label} ${url}`).toEqual(NOT_ALLOWED);
    }
  });

  it('refuses each internal address form as a bulk line, with the same code', async () => {
    const list = ['https://example.com/', ...INTERNAL_URL_VECTORS.map(([url]) => url)].join('\n');
    const res = await call(t.server.url, pro, 'POST', '/api/bulk', { list });
    expect(res.status).toBe(201);
    const started = await res.json();
    expect(started.accepted).toBe(1);
    expect(started.rejected).toHaveLength(INTERNAL_URL_VECTORS.length);
    for (const [index, [url, label]] of INTERNAL_URL_VECTORS.entries())
      expect(started.rejected[index], `bulk ${label} ${url}`).toMatchObject({
        line: index + 2,
        code: 'crawl.url-not-allowed',
        reason: expect.stringMatching(/^This address cannot be crawled: /),
      });
  });
});
