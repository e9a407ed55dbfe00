/**
 * One reusable tab and the interception that makes a render cheap and honest. Every request
 * the page makes pauses in Node (CDP Fetch): the main document is served from the crawler's own
 * fetch (one fetch per URL per crawl), a second main-frame document means the page is leaving
 * (refused, and the render fails: its content would be another page's), frames are refused
 * (their links are not the page's), images, media and fonts are skipped when rendering for
 * links, and scripts and data requests are asked of robots.txt for the crawler's agent.
 */
import type { RenderCredentials, RenderDocument } from '@mapsmith/core';
import type { Browser, CDPSession, HTTPRequest, Page } from 'puppeteer-core';

/** The render the tab is serving now. */
export interface RenderState {
  /** Skip images, media and fonts. */
  blockMedia: boolean;
  /** The crawler's fetch of the main document, when it gave one. */
  document?: RenderDocument;
  /** robots.txt for the crawler's agent. */
  mayRequest?: (url: string) => Promise<boolean>;
  /** The crawl's credentials: added to its own site's requests, removed from all others. */
  credentials?: RenderCredentials;
  /** Network id of the main document's request (its redirects keep it). */
  mainRequest: string | null;
  /** Where the page tried to go after its own document, if it did. */
  leftFor: string | null;
  /** Requests robots.txt refused. */
  robotsRefused: number;
}

/** A tab of the pool. */
export interface PooledPage {
  page: Page;
  cdp: CDPSession;
  mainFrameId: string;
  /** Script-driven requests in flight (XHR, fetch, scripts), for the settle wait. */
  inflight: Set<HTTPRequest>;
  /** The render in progress; requests outside a render are refused. */
  current: RenderState | null;
  /** Set when the renderer process crashed or the tab closed. */
  broken: boolean;
  /** Whether every request pauses in Node (a render with credentials), not only `PAUSED`. */
  pausesAll: boolean;
}

interface PausedRequest {
  requestId: string;
  request: { url: string; headers: Record<string, string> };
  frameId: string;
  resourceType: string;
  networkId?: string;
}

const MEDIA = new Set(['Image', 'Media', 'Font']);
// Only these pause in Node: the documents, what may be skipped, and what fetches code or data
// (asked of robots.txt). Stylesheets and the rest run without a round trip to Node.
const PAUSED = [
  'Document',
  'Image',
  'Media',
  'Font',
  'Script',
  'XHR',
  'Fetch',
  'EventSource',
] as const;
const PAUSED_TYPES: ReadonlySet<string> = new Set(PAUSED);
const TRACKED = new Set(['xhr', 'fetch', 'script', 'eventsource']);
// Headers that described the bytes on the wire, not the decoded body served here.
const WIRE_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

function fulfill(cdp: CDPSession, requestId: string, doc: RenderDocument): Promise<unknown> {
  return cdp.send('Fetch.fulfillRequest', {
    requestId,
    responseCode: doc.status,
    responseHeaders: Object.entries(doc.headers)
      .filter(([name]) => !WIRE_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => ({ name, value: String(value) })),
    body: Buffer.from(doc.body).toString('base64'),
  });
}

/**
 * The request's headers by the crawl's sending rule: its credential headers removed whatever
 * they hold (a redirect hop may carry the previous hop's), then added back only when the URL
 * is the crawl's own site. Undefined without credentials: the browser's headers go unchanged.
 */
function headersOf(
  e: PausedRequest,
  credentials: RenderCredentials | undefined,
): { name: string; value: string }[] | undefined {
  if (!credentials) return undefined;
  const names = new Set(credentials.names);
  const headers = Object.entries(e.request.headers)
    .filter(([name]) => !names.has(name.toLowerCase()))
    .map(([name, value]) => ({ name, value }));
  for (const [name, value] of Object.entries(credentials.headersFor(e.request.url)))
    headers.push({ name, value });
  return headers;
}

function onPaused(pooled: PooledPage, e: PausedRequest): void {
  const { cdp } = pooled;
  const fail = () =>
    cdp
      .send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' })
      .catch(() => {});
  const state = pooled.current;
  const headers = headersOf(e, state?.credentials);
  const proceed = () =>
    cdp
      .send('Fetch.continueRequest', { requestId: e.requestId, ...(headers ? { headers } : {}) })
      .catch(() => {});
  if (!state) return void fail();
  // Paused only for the credentials (a stylesheet, say): nothing else is decided for it.
  if (!PAUSED_TYPES.has(e.resourceType)) return void proceed();
  if (e.resourceType === 'Document') {
    if (e.frameId !== pooled.mainFrameId) return void fail();
    if (state.mainRequest === null) {
      state.mainRequest = e.networkId ?? e.requestId;
      if (state.document) return void fulfill(cdp, e.requestId, state.document).catch(fail);
      return void proceed();
    }
    if ((e.networkId ?? e.requestId) === state.mainRequest) return void proceed();
    state.leftFor ??= e.request.url;
    return void fail();
  }
  if (state.blockMedia && MEDIA.has(e.resourceType)) return void fail();
  if (!state.mayRequest || !/^https?:/.test(e.request.url)) return void proceed();
  state.mayRequest(e.request.url).then(
    (allowed) => {
      if (allowed) return proceed();
      state.robotsRefused++;
      return fail();
    },
    () => fail(),
  );
}

/**
 * Sets which requests pause in Node: with credentials every one (each request's headers are
 * decided by the sending rule), otherwise only `PAUSED` (the rest run without a round trip).
 */
export async function pauseRequests(pooled: PooledPage, all: boolean): Promise<void> {
  if (pooled.pausesAll === all) return;
  await pooled.cdp.send('Fetch.enable', {
    patterns: all
      ? [{ urlPattern: '*', requestStage: 'Request' as const }]
      : PAUSED.map((resourceType) => ({ resourceType, requestStage: 'Request' as const })),
  });
  pooled.pausesAll = all;
}

/** Opens a tab with its interception in place. */
export async function openPooledPage(browser: Browser): Promise<PooledPage> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const pooled: PooledPage = {
      page,
      cdp,
      mainFrameId: frameTree.frame.id,
      inflight: new Set(),
      current: null,
      broken: false,
      pausesAll: true,
    };
    cdp.on('Fetch.requestPaused', (e: PausedRequest) => onPaused(pooled, e));
    await pauseRequests(pooled, false);
    page.on('request', (r) => {
      if (TRACKED.has(r.resourceType())) pooled.inflight.add(r);
    });
    const done = (r: HTTPRequest) => pooled.inflight.delete(r);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    // alert(), confirm() and prompt() would hold the page until someone answers.
    page.on('dialog', (d) => void d.dismiss().catch(() => {}));
    page.on('error', () => {
      pooled.broken = true;
    });
    page.on('close', () => {
      pooled.broken = true;
    });
    return pooled;
  } catch (err) {
    await page.close().catch(() => {});
    throw err;
  }
}

/**
 * Closes a tab for good: stops its scripts first (a page spinning in a loop answers nothing
 * else), then closes the target, which ends its renderer process.
 */
export async function destroyPooledPage(pooled: PooledPage): Promise<void> {
  pooled.broken = true;
  pooled.current = null;
  pooled.cdp.send('Runtime.terminateExecution').catch(() => {});
  await pooled.page.close().catch(() => {});
}
