import { app, shell, type WebContents } from 'electron';
import { isAppUrl } from './app-origin';
import { isSafeExternalUrl } from './external-url';

/** Denies navigation away from the app and every new window; safe links go to the system browser. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Applies `hardenWebContents` to every web contents the app ever creates. */
export function installSecurity(): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
}
