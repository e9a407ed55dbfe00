import { agree, type PageRenderer, plural, type RenderMode, type UrlPolicy } from '@mapsmith/core';
import { type ChromiumRenderer, createChromiumRenderer } from '@mapsmith/render';
import { findInstalledBrowser } from './find-browser';

/** The renderer a desktop crawl uses, and what its report should say about rendering. */
export interface LocalRendering {
  /** The renderer to hand the crawler; undefined when `render` is `never`. */
  renderer: PageRenderer | undefined;
  /** Pages per render sample (0 without a browser: only app shells are counted then). */
  renderSampleSize: number | undefined;
  /** Notes for the crawl summary, read once the crawl has ended. */
  notes(): string[];
  /** Closes the browser and waits for its process to end (killing it if it will not). */
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 5_000;

/**
 * Smart rendering in the desktop with the Chrome, Chromium or Edge already on the user's machine,
 * through the same renderer and SSRF-filtering proxy as the server. Without a browser, a stand-in
 * renderer refuses every page, so the crawl stays static (the core falls back to the static HTML)
 * while counting the app shells that needed rendering, for the summary's note.
 */
export function localRendering(
  mode: RenderMode,
  policy: UrlPolicy,
  env: Record<string, string | undefined> = process.env,
): LocalRendering {
  if (mode === 'never')
    return { renderer: undefined, renderSampleSize: undefined, notes: () => [], close: noop };
  const found = findInstalledBrowser(env);
  if (found.path === null) {
    let unrendered = 0;
    const missing: PageRenderer = {
      render: async () => {
        unrendered++;
        throw new Error(`not rendered: ${found.reason}`);
      },
      close: noop,
    };
    const what = (n: number) =>
      mode === 'always'
        ? `${agree(n, 'was', 'were')} to be rendered`
        : `looked like ${agree(n, 'an app shell', 'app shells')}`;
    return {
      renderer: missing,
      renderSampleSize: 0,
      notes: () =>
        unrendered === 0
          ? []
          : [
              `${plural(unrendered, 'page')} ${what(unrendered)} but ${agree(unrendered, 'was', 'were')} crawled without JavaScript (${found.reason}): install Google Chrome or Chromium, or set MAPSMITH_CHROME_PATH, to render ${agree(unrendered, 'it', 'them')}.`,
            ],
      close: noop,
    };
  }
  const chromium = createChromiumRenderer({ policy, executablePath: found.path });
  return {
    renderer: chromium,
    renderSampleSize: undefined,
    notes: () => [],
    close: () => closeChromium(chromium),
  };
}

async function closeChromium(chromium: ChromiumRenderer): Promise<void> {
  const pid = chromium.browserPid();
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_GRACE_MS);
  });
  await Promise.race([chromium.close().catch(() => undefined), grace]);
  clearTimeout(timer);
  // A browser that ignored the polite close must still not outlive the crawl.
  if (pid !== null && isAlive(pid)) process.kill(pid, 'SIGKILL');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function noop(): Promise<void> {}
