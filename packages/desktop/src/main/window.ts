import path from 'node:path';
import { BrowserWindow } from 'electron';
import { APP_ORIGIN } from './protocol';
import { secureWebPreferences } from './web-preferences';

/** Creates the main window, locked down: isolated, sandboxed, no Node in the renderer. */
export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    show: false,
    title: 'Mapsmith',
    webPreferences: secureWebPreferences(path.join(import.meta.dirname, '../preload/index.cjs')),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
