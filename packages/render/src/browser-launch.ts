/**
 * Launches Chromium for rendering in a fresh profile that cannot write files or leak traffic:
 * downloads denied, popups blocked and any page a page opens closed at once, WebRTC kept off
 * non-proxied UDP (a profile preference: the command-line switch did not take effect in
 * Chromium 156), HOME inside the profile, a bounded V8 heap per renderer, and the crawler's
 * user agent.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { USER_AGENT } from '@mapsmith/core';
import puppeteer, { type Browser, type Target } from 'puppeteer-core';

/** What to launch. */
export interface LaunchOptions {
  /** The Chromium binary. */
  executablePath: string;
  /** `http://127.0.0.1:<port>` of the filtering proxy. */
  proxyUrl: string;
  /** Extra command-line switches (tests only, for example to let WebRTC use loopback). */
  extraArgs?: string[];
}

/** A launched browser and the profile folder to remove after it. */
export interface LaunchedBrowser {
  browser: Browser;
  userDataDir: string;
}

// Applied before the first page exists: the preference is read at profile load.
const PREFERENCES = {
  webrtc: {
    ip_handling_policy: 'disable_non_proxied_udp',
    multiple_routes_enabled: false,
    nonproxied_udp_enabled: false,
  },
  download: { prompt_for_download: false, default_directory: '/nonexistent' },
  profile: { default_content_setting_values: { automatic_downloads: 2, popups: 2 } },
};

/** Max V8 heap per renderer: a page allocating without end crashes its own renderer early. */
const RENDERER_HEAP_MB = 512;

async function freshProfile(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mapsmith-chromium-'));
  await fs.mkdir(path.join(dir, 'Default'), { recursive: true });
  await fs.writeFile(path.join(dir, 'Default', 'Preferences'), JSON.stringify(PREFERENCES));
  return dir;
}

/** Closes every page target another page opened (popups, `window.open`, `target=_blank`). */
function closeOpenedTargets(browser: Browser): void {
  browser.on('targetcreated', (target: Target) => {
    if (target.type() !== 'page' || !target.opener()) return;
    target
      .page()
      .then((page) => page?.close())
      .catch(() => {});
  });
}

/** Launches the browser; the caller owns both the browser and the profile folder. */
export async function launchBrowser(options: LaunchOptions): Promise<LaunchedBrowser> {
  const userDataDir = await freshProfile();
  try {
    const browser = await puppeteer.launch({
      executablePath: options.executablePath,
      headless: true,
      // DevTools over a pipe: Chromium quits when the pipe closes, so a browser never outlives
      // its crawler, even one killed outright (a WebSocket port would leave it running).
      pipe: true,
      userDataDir,
      // Anything that still tried to write under HOME lands in the profile, removed with it.
      env: { ...process.env, HOME: userDataDir, XDG_DOWNLOAD_DIR: path.join(userDataDir, 'none') },
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      // Puppeteer's defaults let popups through; Chromium's own blocker stops script popups.
      ignoreDefaultArgs: ['--disable-popup-blocking'],
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
        // No spare renderer kept warm and no page kept in the back-forward cache: every
        // renderer process belongs to a live tab of the pool.
        '--disable-features=SpareRendererForSitePerProcess,BackForwardCache',
        `--js-flags=--max-old-space-size=${RENDERER_HEAP_MB}`,
        `--user-agent=${USER_AGENT}`,
        `--proxy-server=${options.proxyUrl}`,
        '--proxy-bypass-list=<-loopback>',
        ...(options.extraArgs ?? []),
      ],
    });
    closeOpenedTargets(browser);
    try {
      // Downloads are denied before any page exists, for the default context every page uses.
      const session = await browser.target().createCDPSession();
      await session.send('Browser.setDownloadBehavior', { behavior: 'deny' });
      // The tab Chromium opens at start is not one of the pool's.
      for (const page of await browser.pages()) await page.close();
    } catch (err) {
      await browser.close().catch(() => {});
      throw err;
    }
    return { browser, userDataDir };
  } catch (err) {
    await fs.rm(userDataDir, { recursive: true, force: true }).catch(() => {});
    throw err;
  }
}
