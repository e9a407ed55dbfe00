/**
 * The PageRenderer port on puppeteer-core driving Debian's Chromium: one browser (launched on
 * the first render, relaunched if it dies), a bounded pool of reused pages, every request sent
 * through the filtering proxy, images, fonts and media skipped when rendering for links.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type Logger,
  type PageRenderer,
  type RenderRequest,
  type RenderResult,
  silentLogger,
  type UrlPolicy,
} from '@mapsmith/core';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { type FilteringProxy, startFilteringProxy } from './filtering-proxy.js';

/** Options of the Chromium renderer. */
export interface ChromiumRendererOptions {
  /** The SSRF guard the proxy applies to every browser request. */
  policy: UrlPolicy;
  /** The Chromium binary (default `CHROMIUM_PATH` or /usr/bin/chromium). */
  executablePath?: string;
  /** Pages rendering at once (default 4). */
  poolSize?: number;
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
}

// Only these requests are paused (CDP Fetch patterns), so every other request runs without a
// round trip to Node, unlike puppeteer's request interception which pauses them all.
const BLOCKED_PATTERNS = [
  { resourceType: 'Image' as const },
  { resourceType: 'Media' as const },
  { resourceType: 'Font' as const },
];

interface PooledPage {
  page: Page;
  cdp: CDPSession;
  blocking: boolean;
}

async function setBlocking(pooled: PooledPage, block: boolean): Promise<void> {
  if (pooled.blocking === block) return;
  if (block) await pooled.cdp.send('Fetch.enable', { patterns: BLOCKED_PATTERNS });
  else await pooled.cdp.send('Fetch.disable');
  pooled.blocking = block;
}

/** Creates the renderer; nothing starts until the first `render`. */
export function createChromiumRenderer(options: ChromiumRendererOptions): ChromiumRenderer {
  const logger = options.logger ?? silentLogger;
  const poolSize = options.poolSize ?? 4;
  let proxy: FilteringProxy | null = null;
  let browser: Promise<Browser> | null = null;
  let userDataDir: string | null = null;
  let launches = 0;
  let pid: number | null = null;
  let idle: PooledPage[] = [];
  let active = 0;
  const waiters: (() => void)[] = [];

  const launch = async (): Promise<Browser> => {
    proxy ??= await startFilteringProxy(options.policy, logger);
    // A relaunch follows a dead browser: its profile is dropped, so one crawl leaves no folders.
    if (userDataDir) await fs.rm(userDataDir, { recursive: true, force: true }).catch(() => {});
    userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mapsmith-chromium-'));
    launches++;
    const b = await puppeteer.launch({
      executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      // DevTools over a pipe: Chromium quits when the pipe closes, so a browser never outlives
      // its crawler, even one killed outright (a WebSocket port would leave it running).
      pipe: true,
      userDataDir,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
        `--proxy-server=${proxy.url}`,
        '--proxy-bypass-list=<-loopback>',
      ],
    });
    pid = b.process()?.pid ?? null;
    b.once('disconnected', () => {
      logger.warn('Chromium disconnected; it is relaunched on the next render');
      browser = null;
      idle = [];
      pid = null;
    });
    return b;
  };

  const newPage = async (): Promise<PooledPage> => {
    browser ??= launch().catch((err) => {
      browser = null;
      throw err;
    });
    const page = await (await browser).newPage();
    const cdp = await page.createCDPSession();
    cdp.on('Fetch.requestPaused', (event: { requestId: string }) => {
      cdp
        .send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' })
        .catch(() => {});
    });
    return { page, cdp, blocking: false };
  };

  const acquire = async (): Promise<void> => {
    if (active < poolSize) {
      active++;
      return;
    }
    await new Promise<void>((r) => waiters.push(r));
  };
  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else active--;
  };

  return {
    async render(request: RenderRequest): Promise<RenderResult> {
      await acquire();
      let pooled: PooledPage | undefined;
      let reusable = false;
      try {
        pooled = idle.pop() ?? (await newPage());
        const { page } = pooled;
        await setBlocking(pooled, request.blockMedia);
        const onAbort = () => page.close().catch(() => {});
        request.signal?.addEventListener('abort', onAbort, { once: true });
        try {
          const response = await page.goto(request.url, {
            waitUntil: 'domcontentloaded',
            timeout: request.timeoutMs,
          });
          // Let scripts that fetch data after load finish adding links, briefly.
          await page.waitForNetworkIdle({ idleTime: 100, timeout: 2000 }).catch(() => {});
          const html = await page.content();
          reusable = true;
          return { finalUrl: page.url(), status: response?.status() ?? 0, html };
        } finally {
          request.signal?.removeEventListener('abort', onAbort);
        }
      } finally {
        if (pooled && reusable && browser) idle.push(pooled);
        else pooled?.page.close().catch(() => {});
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
    },
    blockedRequests: () => proxy?.blocked() ?? 0,
    launches: () => launches,
    browserPid: () => pid,
  };
}
