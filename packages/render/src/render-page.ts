/**
 * One render in a pooled tab: load the page, then wait only until its links stop changing
 * (no script request in flight and no link added, removed or re-pointed for a short idle
 * window), bounded by a cap. Network-idle events are not used: in a reused tab they never came,
 * and every render waited its whole cap.
 */
import { RenderLeftPage, type RenderRequest, type RenderResult } from '@mapsmith/core';
import { type PooledPage, pauseRequests } from './pooled-page.js';

/** Timing of the settle wait. */
export interface SettleTiming {
  /** Quiet time that ends the wait (no link change, no script request in flight). */
  idleMs: number;
  /** Most time spent waiting after `load`. */
  capMs: number;
}

/** The page tried to load another document during its render. */
export class NavigatedAway extends RenderLeftPage {}

/**
 * Runs in the page (a string: this package has no DOM typings): resolves once the link set has
 * not changed for `idle` ms, or after `max` ms.
 */
const LINKS_QUIET = `(idle, max) => new Promise((resolve) => {
  const signature = () => {
    let length = 0;
    for (const a of document.links) length += a.href.length;
    return document.links.length + ':' + length;
  };
  let last = signature();
  let timer = setTimeout(finish, idle);
  const cap = setTimeout(finish, max);
  const observer = new MutationObserver(() => {
    const now = signature();
    if (now === last) return;
    last = now;
    clearTimeout(timer);
    timer = setTimeout(finish, idle);
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
  function finish() {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(cap);
    resolve();
  }
})`;

const CONTENT = `(document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '')
  + (document.documentElement ? document.documentElement.outerHTML : '')`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Evaluates in the page without a user gesture (puppeteer's evaluate gives one, and with it the
 * page's scripts could open popups for a few seconds).
 */
async function evaluate(pooled: PooledPage, expression: string): Promise<unknown> {
  const { result, exceptionDetails } = await pooled.cdp.send('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
    userGesture: false,
  });
  if (exceptionDetails) throw new Error(`page script failed: ${exceptionDetails.text}`);
  return result.value;
}

async function settle(pooled: PooledPage, timing: SettleTiming): Promise<void> {
  const end = Date.now() + timing.capMs;
  for (;;) {
    while (pooled.inflight.size > 0 && Date.now() < end) await sleep(20);
    const left = end - Date.now();
    if (left <= 0) return;
    await evaluate(pooled, `(${LINKS_QUIET})(${Math.min(timing.idleMs, left)}, ${left})`);
    if (pooled.inflight.size === 0) return;
  }
}

function stripHash(url: string): string {
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}

/** Renders `request` in `pooled`; the caller bounds the time and owns the tab's fate. */
export async function renderInPage(
  pooled: PooledPage,
  request: RenderRequest,
  timing: SettleTiming,
  timeoutMs: number,
): Promise<RenderResult> {
  const { page } = pooled;
  const state = {
    blockMedia: request.blockMedia,
    document: request.document,
    mayRequest: request.mayRequest,
    credentials: request.credentials,
    mainRequest: null,
    leftFor: null as string | null,
    robotsRefused: 0,
  };
  pooled.inflight.clear();
  await pauseRequests(pooled, state.credentials !== undefined);
  pooled.current = state;
  // A pooled tab rests frozen (see the renderer); the new document must run.
  await pooled.cdp.send('Page.setWebLifecycleState', { state: 'active' });
  const left = () => new NavigatedAway(String(state.leftFor));
  let response: Awaited<ReturnType<typeof page.goto>>;
  let html: string;
  try {
    response = await page.goto(stripHash(request.url), { waitUntil: 'load', timeout: timeoutMs });
    if (!state.leftFor) await settle(pooled, timing);
    html = state.leftFor ? '' : String(await evaluate(pooled, CONTENT));
  } catch (err) {
    // Refusing the navigation ends the document too, so whatever failed, leaving is the cause.
    throw state.leftFor ? left() : err;
  }
  if (state.leftFor) throw left();
  return { finalUrl: page.url(), status: response?.status() ?? 0, html };
}
