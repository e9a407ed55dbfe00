import path from 'node:path';
import { app, dialog, safeStorage, shell } from 'electron';
import { utilityLauncher } from './crawl/utility-launcher';
import { electronDialogs } from './dialogs';
import { installDownloads } from './downloads';
import { isSafeExternalUrl } from './external-url';
import { broadcastEvent, registerIpc } from './ipc';
import { stderrLogger } from './logger';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './protocol';
import { installSecurity } from './security';
import { createDesktopServices } from './services';
import { createMainWindow } from './window';

// Wiring only: each concern lives in its own file.
// Tests and portable installs may point the user-data folder elsewhere.
if (process.env.MAPSMITH_USER_DATA) app.setPath('userData', process.env.MAPSMITH_USER_DATA);
// One app per data folder: its crawls stay claimed for as long as it runs (`LocalCrawls`).
if (!app.requestSingleInstanceLock()) app.exit(0);
registerAppScheme();
installSecurity();

async function start(): Promise<void> {
  serveRenderer(path.join(import.meta.dirname, '../renderer'));
  installDownloads();
  const services = await createDesktopServices({
    dataDir: app.getPath('userData'),
    safeStorage,
    platform: process.platform,
    launchCrawler: utilityLauncher(path.join(import.meta.dirname, 'crawler-process.js')),
    emitProgress: (event) => broadcastEvent('crawl.progress', event),
    openExternal: async (url) => {
      if (isSafeExternalUrl(url)) await shell.openExternal(url);
    },
    dialogs: electronDialogs,
    allowedOrigins: [APP_ORIGIN],
    logger: stderrLogger,
    // Loopback crawling is for tests and local fixture sites; a packaged app never allows it.
    env: app.isPackaged ? { ...process.env, MAPSMITH_ALLOW_LOOPBACK: undefined } : process.env,
  });
  registerIpc(services.dispatch);
  // Quit waits until running crawls are stopped and recorded and the database is closed.
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void services.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
  createMainWindow();
}

void app
  .whenReady()
  .then(start)
  .catch((err: unknown) => {
    // A missing or mismatched native module (sqlite3) must not leave a windowless process behind.
    dialog.showErrorBox(
      'Mapsmith could not start',
      err instanceof Error ? err.message : String(err),
    );
    app.exit(1);
  });

app.on('window-all-closed', () => app.quit());
