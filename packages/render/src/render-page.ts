/**
 * One render in a pooled tab: load the page, then wait only until its links stop changing
 * (no script request in flight and no link added, removed or re-pointed for a short idle
 * window), bounded by a cap. Network-idle events are not used: in a reused tab they never came,
 * and every render waited its whole cap.
 */
import type { RenderRequest, RenderResult } from '@mapsmith/core';
import type { PooledPage } from './pooled-page.js';

/** Timing of the settle wait. */
export interface SettleTiming {
  /** Quiet time that ends the wait (no link change, no script request in flight). */
  idleMs: number;
  /** Most time spent waiting after `load`. */
  capMs: number;
}

/** The page tried to load another document during its render. */
export class NavigatedAway extends Error {}

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function settle(pooled: PooledPage, timing: SettleTiming): Promise<void> {
  const end = Date.now() + timing.capMs;
  for (;;) {
    while (pooled.inflight.size > 0 && Date.now() < end) await sleep(20);
    const left = end - Date.now();
    if (left <= 0) return;
    await pooled.page.evaluate(`(${LINKS_QUIET})(${Math.min(timing.idleMs, left)}, ${left})`);
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
    mainRequest: null,
    leftFor: null as string | null,
    robotsRefused: 0,
  };
  pooled.inflight.clear();
  pooled.current = state;
  const response = await page.goto(stripHash(request.url), {
    waitUntil: 'load',
    timeout: timeoutMs,
  });
  if (!state.leftFor) await settle(pooled, timing);
  const html = state.leftFor ? '' : await page.content();
  if (state.leftFor)
    throw new NavigatedAway(`the page tried to leave for ${state.leftFor} while rendering`);
  return { finalUrl: page.url(), status: response?.status() ?? 0, html };
}
