/**
 * The PageRenderer port on puppeteer-core driving Debian's Chromium: one browser (launched on
 * the first render, relaunched if it dies), a pool of reused tabs shared fairly between users
 * and their crawls, every request sent through the filtering proxy. Each render is bounded in
 * time and in the page's CPU time (`render-cpu.ts`); a tab whose render failed, timed out or
 * was cancelled is closed (its renderer process with it), and a tab that goes back to the pool
 * is frozen first, so no page keeps running after its render.
 */
import fs from 'node:fs/promises';
import {
  type Logger,
  type PageRenderer,
  type RenderRequest,
  type RenderResult,
  silentLogger,
  type UrlPolicy,
} from '@mapsmith/core';
import type { Browser } from 'puppeteer-core';
import { launchBrowser } from './browser-launch.js';
import { type FilteringProxy, startFilteringProxy } from './filtering-proxy.js';
import { destroyPooledPage, openPooledPage, type PooledPage } from './pooled-page.js';
import { type CpuWatch, watchRenderCpu } from './render-cpu.js';
import { NavigatedAway, renderInPage, type SettleTiming } from './render-page.js';
import { RenderSlots } from './render-slots.js';

/** Options of the Chromium renderer. */
export interface ChromiumRendererOptions {
  /** The SSRF guard the proxy applies to every browser request. */
  policy: UrlPolicy;
  /** The Chromium binary (default `CHROMIUM_PATH` or /usr/bin/chromium). */
  executablePath?: string;
  /** Pages rendering at once (default 4). */
  poolSize?: number;
  /** Longest a render may take, whatever the request asks (default 15 s). */
  maxRenderMs?: number;
  /** Most main-thread CPU time a page may use during its render (default 5 s). */
  maxRenderCpuMs?: number;
  /** The settle wait after `load` (default: 50 ms quiet, at most 2 s). */
  settle?: Partial<SettleTiming>;
  /** Extra Chromium switches (tests only). */
  extraArgs?: string[];
  /** Logger for refusals and restarts. */
  logger?: Logger;
}

/** The Chromium renderer, with a few extra handles for reports and tests. */
export interface ChromiumRenderer extends PageRenderer {
  /** Browser requests the proxy refused. */
  blockedRequests(): number;
  /** Times the browser was launched (more than 1 means it was restarted). */
  launches(): number;
  /** Process id of the running browser, if any. */
  browserPid(): number | null;
  /** The running browser's profile folder, if any. */
  profileDir(): string | null;
}

const DEFAULT_OWNER = 'default';

/** `work`, or a rejection after `ms` or when `signal` aborts, whichever comes first. */
function bounded<T>(work: Promise<T>, ms: number, signal: AbortSignal | undefined): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`render timed out after ${ms} ms`)), ms);
    onAbort = () => reject(signal?.reason ?? new Error('render cancelled'));
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  work.catch(() => {});
  return Promise.race([work, stop]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  });
}

/** Creates the renderer; nothing starts until the first `render`. */
export function createChromiumRenderer(options: ChromiumRendererOptions): ChromiumRenderer {
  const logger = options.logger ?? silentLogger;
  const slots = new RenderSlots(options.poolSize ?? 4);
  const maxRenderMs = options.maxRenderMs ?? 15_000;
  const maxRenderCpuMs = options.maxRenderCpuMs ?? 5_000;
  const timing: SettleTiming = { idleMs: 50, capMs: 2000, ...options.settle };
  let proxy: FilteringProxy | null = null;
  let browser: Promise<Browser> | null = null;
  let userDataDir: string | null = null;
  let launches = 0;
  let pid: number | null = null;
  let idle: PooledPage[] = [];

  const launch = async (): Promise<Browser> => {
    proxy ??= await startFilteringProxy(options.policy, logger);
    // A relaunch follows a dead browser: its profile is dropped, so one crawl leaves no folders.
    if (userDataDir) await fs.rm(userDataDir, { recursive: true, force: true }).catch(() => {});
    launches++;
    const launched = await launchBrowser({
      executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      proxyUrl: proxy.url,
      extraArgs: options.extraArgs,
    });
    userDataDir = launched.userDataDir;
    const b = launched.browser;
    pid = b.process()?.pid ?? null;
    b.once('disconnected', () => {
      logger.warn('Chromium disconnected; it is relaunched on the next render');
      browser = null;
      idle = [];
      pid = null;
    });
    return b;
  };

  const takePage = async (): Promise<PooledPage> => {
    for (let p = idle.pop(); p; p = idle.pop()) if (!p.broken) return p;
    browser ??= launch().catch((err) => {
      browser = null;
      throw err;
    });
    return openPooledPage(await browser);
  };

  // Back to the pool only frozen: the document's timers, loops and workers stop until the next
  // render replaces it (cheaper than a navigation to about:blank). A page too busy to freeze
  // is closed.
  const giveBack = async (pooled: PooledPage): Promise<void> => {
    pooled.current = null;
    try {
      await bounded(
        pooled.cdp.send('Page.setWebLifecycleState', { state: 'frozen' }),
        2000,
        undefined,
      );
      if (!pooled.broken && browser) idle.push(pooled);
      else await destroyPooledPage(pooled);
    } catch {
      await destroyPooledPage(pooled);
    }
  };

  return {
    async render(request: RenderRequest): Promise<RenderResult> {
      const crawl = request.owner ?? DEFAULT_OWNER;
      const release = await slots.acquire({ user: request.user ?? crawl, crawl }, request.signal);
      let pooled: PooledPage | undefined;
      let cpu: CpuWatch | undefined;
      let clean = false;
      try {
        const timeoutMs = Math.min(request.timeoutMs, maxRenderMs);
        pooled = await bounded(takePage(), timeoutMs, request.signal);
        cpu = await bounded(watchRenderCpu(pooled.cdp, maxRenderCpuMs), timeoutMs, request.signal);
        const result = await bounded(
          Promise.race([renderInPage(pooled, request, timing, timeoutMs), cpu.exceeded]),
          timeoutMs,
          request.signal,
        );
        clean = true;
        return result;
      } catch (err) {
        // A page that left for another document ended normally: its tab can be reused.
        clean = err instanceof NavigatedAway;
        throw err;
      } finally {
        cpu?.stop();
        if (pooled)
          await bounded(
            clean ? giveBack(pooled) : destroyPooledPage(pooled),
            10_000,
            undefined,
          ).catch(() => {});
        release();
      }
    },
    async close() {
      const b = browser;
      browser = null;
      idle = [];
      if (b) await (await b.catch(() => null))?.close().catch(() => {});
      await proxy?.close();
      proxy = null;
      if (userDataDir) await fs.rm(userDataDir, { recursive: true, force: true }).catch(() => {});
      userDataDir = null;
    },
    blockedRequests: () => proxy?.blocked() ?? 0,
    launches: () => launches,
    browserPid: () => pid,
    profileDir: () => userDataDir,
  };
}
