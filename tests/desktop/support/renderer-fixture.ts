import fs from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../packages/desktop/src/shared/channels';
import { DESKTOP_OUT } from './build';
import { nodeLauncher } from './node-launcher';
import { testSafeStorage } from './safe-storage';
import { startTestDesktop, type TestDesktop } from './services';
import { type StaticServer, serveFolder } from './static-server';

/** Replaces byte arrays with base64 records: Playwright bindings carry JSON, Electron IPC carries structured clones. */
function encodeBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { __bytes: Buffer.from(value).toString('base64') };
  if (Array.isArray(value)) return value.map(encodeBytes);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeBytes(v)]));
  return value;
}

/**
 * Runs the real built preload (`out/preload/index.cjs`) in every frame, with `require('electron')`
 * answered by a stand-in whose `ipcRenderer` forwards to the test's binding: the renderer gets
 * exactly the `window.mapsmith` the app gives it, and any other `require` fails as in the sandbox.
 */
function preloadScript(preload: string): string {
  return `(() => {
  const listeners = new Map();
  const revive = (v) => {
    if (Array.isArray(v)) return v.map(revive);
    if (v && typeof v === 'object') {
      if (typeof v.__bytes === 'string') return Uint8Array.from(atob(v.__bytes), (c) => c.charCodeAt(0));
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
    }
    return v;
  };
  const invokeMain = window.__mapsmithIpc;
  const ipcRenderer = {
    invoke: async (channel, ...args) => revive(await invokeMain(channel, ...args)),
    on: (channel, listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel).add(listener);
    },
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  Object.defineProperty(window, '__mapsmithEmit', {
    value: (channel, ...args) => { for (const l of listeners.get(channel) ?? []) l({}, ...args); },
  });
  const electron = {
    ipcRenderer,
    contextBridge: {
      exposeInMainWorld: (key, api) =>
        Object.defineProperty(window, key, { value: Object.freeze(api), writable: false, configurable: false }),
    },
  };
  const require = (id) => {
    if (id === 'electron') return electron;
    throw new Error('a sandboxed preload cannot require ' + id);
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preload}
  })(require, module, module.exports);
})();`;
}

/** What a desktop renderer test gets. */
export interface DesktopFixture {
  /** The desktop's real services (store, handlers, crawl runner) behind the bridge. */
  services: TestDesktop;
  /** The origin the built renderer is served from (the app origin of this test). */
  origin: string;
  /**
   * Closes the services as quitting the app does and starts them again on the same data file
   * and keychain (the app's next start); the page keeps its bridge, now to the new services.
   */
  restart(): Promise<void>;
}

/** Per-test settings of the desktop services (`test.use({ desktopOptions })`). */
export interface DesktopOptions {
  /** The Linux secret-store backend `safeStorage` reports (`basic_text`: no keyring). */
  storageBackend: string;
  /** Extra environment for the services (`MAPSMITH_HOSTED_URL`, ...). */
  env: Record<string, string>;
}

/**
 * Playwright's `test` with `desktop`: the built renderer served over loopback, the real preload
 * in every frame, and its `ipcRenderer.invoke` wired to the real IPC router and handlers running
 * in this Node process (crawls in a child process running the built crawler-process bundle).
 */
export const test = base.extend<
  { desktop: DesktopFixture; desktopOptions: DesktopOptions },
  { renderer: StaticServer }
>({
  desktopOptions: [{ storageBackend: 'gnome_libsecret', env: {} }, { option: true }],
  renderer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use) => {
      const server = await serveFolder(path.join(DESKTOP_OUT, 'renderer'));
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  desktop: [
    async ({ page, renderer, desktopOptions }, use) => {
      const context = page.context();
      const appPages = (): Page[] =>
        context.pages().filter((p) => p.url().startsWith(`${renderer.origin}/`));
      // One keychain across restarts, as the OS keeps it: a linked account stays linked.
      const safeStorage = testSafeStorage(desktopOptions.storageBackend);
      const start = (dataDir?: string) =>
        startTestDesktop({
          ...(dataDir ? { dataDir } : {}),
          origins: [renderer.origin],
          // The crawler process sees the same extra environment (MAPSMITH_CHROME_PATH, ...).
          launch: nodeLauncher(
            path.join(DESKTOP_OUT, 'main/crawler-process.js'),
            desktopOptions.env,
          ),
          env: { MAPSMITH_ALLOW_LOOPBACK: '1', ...desktopOptions.env },
          safeStorage,
          onProgress: (event) => {
            for (const p of appPages())
              void p
                .evaluate(
                  ([channel, payload]) => {
                    (
                      window as unknown as {
                        __mapsmithEmit(c: string, n: string, p: unknown): void;
                      }
                    ).__mapsmithEmit(channel as string, 'crawl.progress', payload);
                  },
                  [EVENT_CHANNEL, event] as const,
                )
                .catch(() => undefined);
          },
        });
      let services = await start();
      await context.exposeBinding(
        '__mapsmithIpc',
        async (source, channel: unknown, name: unknown, input: unknown) => {
          // Like ipcMain: only the invoke channel has a handler; the sender is the calling frame.
          if (channel !== INVOKE_CHANNEL)
            throw new Error(`No handler registered for '${String(channel)}'`);
          let origin: string;
          try {
            origin = new URL(source.frame.url()).origin;
          } catch {
            origin = 'null';
          }
          return encodeBytes(await services.dispatch(origin, name, input));
        },
      );
      await context.addInitScript({
        content: preloadScript(
          fs.readFileSync(path.join(DESKTOP_OUT, 'preload/index.cjs'), 'utf8'),
        ),
      });
      await use({
        get services() {
          return services;
        },
        origin: renderer.origin,
        restart: async () => {
          await services.close();
          services = await start(services.dataDir);
        },
      });
      await services.dispose();
    },
    // Every page of a desktop test is the app's renderer, whether or not the test names the fixture.
    { auto: true },
  ],
  baseURL: async ({ renderer }, use) => use(renderer.origin),
});

export { expect } from '@playwright/test';
