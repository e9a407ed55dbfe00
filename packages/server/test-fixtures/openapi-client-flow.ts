/**
 * The calls of the generated-client test (src/routes/openapi/generated-client.test.ts), written
 * against the SDK that `@hey-api/openapi-ts` generates from `/api/openapi.json`. The test copies
 * this file beside the generated code and typechecks it there before running it, so a field the
 * document puts in the wrong place (a GET's query sent as a body) or types wrongly fails to
 * compile. It belongs to no tsconfig of the repository: it compiles only next to that code.
 */
import { client } from './client.gen';
import {
  analyticsGet,
  configGet,
  crawlCharts,
  crawlGet,
  crawlReport,
  crawlStart,
  crawlUrl,
  crawlUrls,
  exportGenerate,
  historyList,
  openapiGet,
  seoGet,
  shareCreate,
  shareList,
  shareRevoke,
  tokensCreate,
  tokensList,
  userGet,
} from './sdk.gen';

/** One answer of the SDK (`data` on success, `error` otherwise; `response` unless it threw). */
export interface Answer {
  data?: unknown;
  error?: unknown;
  response?: Response;
}

/** What the test hands the flow. */
export interface FlowContext {
  baseUrl: string;
  /** The start URL of the fixture site to crawl. */
  siteUrl: string;
  /** The `Cookie` header of a Pro user's session (tokens are minted from a session). */
  sessionCookie: string;
  /** Checks an answer against the document (status listed, JSON body fits its schema). */
  check(operation: string, answer: Answer): void;
}

/** A download's media type and bytes. */
export interface Download {
  type: string | null;
  bytes: Uint8Array;
}

/** The HTTP response of an answer (the SDK types it as optional: a thrown fetch has none). */
function res(answer: Answer): Response {
  if (!answer.response) throw new Error('the call got no response');
  return answer.response;
}

async function download(answer: Answer): Promise<Download> {
  const data = answer.data;
  const bytes =
    typeof data === 'string'
      ? new TextEncoder().encode(data)
      : new Uint8Array(await (data as Blob).arrayBuffer());
  return { type: res(answer).headers.get('content-type'), bytes };
}

async function mintToken(ctx: FlowContext, name: string): Promise<string> {
  client.setConfig({ baseUrl: ctx.baseUrl, auth: undefined });
  const minted = await tokensCreate({ body: { name }, headers: { Cookie: ctx.sessionCookie } });
  ctx.check('tokens.create', minted);
  if (!minted.data) throw new Error(`no token: ${res(minted).status}`);
  return minted.data.token;
}

/** The SDK asks for a token per security scheme of a call: the bearer scheme gets it. */
function useToken(token: string): void {
  client.setConfig({ auth: (scheme) => (scheme.scheme === 'bearer' ? token : undefined) });
}

/**
 * A Pro token's whole job: start a crawl, poll it to the end, page its URL table three rows at
 * a time, list the excluded URLs, download the sitemap (plain, gzipped, text) and the report.
 */
export async function proJob(ctx: FlowContext) {
  useToken(await mintToken(ctx, 'generated client'));
  const started = await crawlStart({ body: { url: ctx.siteUrl } });
  ctx.check('crawl.start', started);
  if (!started.data) throw new Error(`crawl not started: ${res(started).status}`);
  const { jobId } = started.data;

  let polled = await crawlGet({ path: { jobId } });
  for (let i = 0; i < 100; i++) {
    ctx.check('crawl.get', polled);
    const status = polled.data?.status;
    if (status === 'completed' || status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 300));
    polled = await crawlGet({ path: { jobId } });
  }
  const again = await crawlGet({ path: { jobId } });
  ctx.check('crawl.get', again);

  const rows: { id: number; url: string; reason: string }[] = [];
  let total = -1;
  let pages = 0;
  let cursor: string | undefined;
  for (; pages < 20; pages++) {
    const page = await crawlUrls({ path: { jobId }, query: { limit: 3, cursor } });
    ctx.check('crawl.urls', page);
    if (!page.data) throw new Error(`no page: ${res(page).status}`);
    rows.push(...page.data.rows);
    total = page.data.total;
    if (page.data.nextCursor === null) break;
    cursor = page.data.nextCursor;
  }
  const excluded = await crawlUrls({ path: { jobId }, query: { verdict: 'excluded' } });
  ctx.check('crawl.urls', excluded);
  // The charts (issue 29), and the table filtered as their bars open it.
  const charts = await crawlCharts({ path: { jobId } });
  ctx.check('crawl.charts', charts);
  const startPage = await crawlUrls({
    path: { jobId },
    query: { depth: '0', httpStatus: '2xx', under: ctx.siteUrl },
  });
  ctx.check('crawl.urls', startPage);

  const xml = await exportGenerate({ path: { jobId, format: 'xml' } });
  ctx.check('export.generate', xml);
  const gzip = await exportGenerate({ path: { jobId, format: 'xml' }, query: { compress: true } });
  ctx.check('export.generate', gzip);
  const txt = await exportGenerate({ path: { jobId, format: 'txt' } });
  ctx.check('export.generate', txt);
  const csv = await crawlReport({ path: { jobId }, query: { format: 'csv' } });
  ctx.check('crawl.report', csv);

  // The rest of what a token reads, each answer held to its schema by `check`.
  const first = rows[0]?.url ?? ctx.siteUrl;
  ctx.check('crawl.url', await crawlUrl({ path: { jobId }, query: { url: first } }));
  ctx.check('seo.get', await seoGet({ path: { jobId } }));
  ctx.check('history.list', await historyList());
  ctx.check('analytics.get', await analyticsGet());
  ctx.check('user.get', await userGet());
  ctx.check('config.get', await configGet());
  ctx.check('openapi.get', await openapiGet());

  // A client report's share link: made, listed (never with its token), revoked.
  const shared = await shareCreate({ path: { jobId }, body: {} });
  ctx.check('share.create', shared);
  if (!shared.data) throw new Error(`no share link: ${res(shared).status}`);
  const shares = await shareList({ path: { jobId } });
  ctx.check('share.list', shares);
  const revoked = await shareRevoke({ path: { id: shared.data.id }, body: {} });
  ctx.check('share.revoke', revoked);

  return {
    job: polled.data,
    rate: {
      limit: res(polled).headers.get('x-ratelimit-limit'),
      before: res(polled).headers.get('x-ratelimit-remaining'),
      after: res(again).headers.get('x-ratelimit-remaining'),
    },
    rows,
    total,
    pages,
    excludedRows: excluded.data?.rows ?? [],
    charts: charts.data,
    startPageRows: startPage.data?.rows ?? [],
    xml: await download(xml),
    gzip: await download(gzip),
    txt: await download(txt),
    csv: await download(csv),
    share: {
      path: shared.data.path,
      token: shared.data.token,
      listed: shares.data ?? [],
      revoked: revoked.data?.state,
    },
  };
}

/** Error answers a token meets: an unknown crawl, a bad token, a session-only call, a bad query. */
export async function errorAnswers(ctx: FlowContext) {
  const token = await mintToken(ctx, 'errors');
  useToken(token);
  const unknownCrawl = await crawlGet({ path: { jobId: 'no-such-job' } });
  const badQuery = await crawlUrls({ path: { jobId: 'no-such-job' }, query: { limit: 0 } });
  const wrongToken = await crawlGet({ path: { jobId: 'x' }, auth: () => 'msk_not-a-token' });
  // tokens.list is documented for sessions only, so the SDK sends no token: send one anyway.
  const tokenForSessionCall = await tokensList({ headers: { Authorization: `Bearer ${token}` } });
  const answers = { unknownCrawl, badQuery, wrongToken, tokenForSessionCall };
  ctx.check('crawl.get', unknownCrawl);
  ctx.check('crawl.urls', badQuery);
  ctx.check('crawl.get', wrongToken);
  ctx.check('tokens.list', tokenForSessionCall);
  return Object.fromEntries(
    Object.entries(answers).map(([key, a]) => [
      key,
      {
        status: res(a).status,
        error: a.error,
        remaining: res(a).headers.get('x-ratelimit-remaining'),
      },
    ]),
  );
}
