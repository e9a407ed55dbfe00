import { BrowserWindow, ipcMain } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/channels';
import type { IpcDispatch } from './ipc-router';
import { APP_ORIGIN } from './protocol';

/**
 * Registers the one invoke channel. Each call is answered by the router, which checks the
 * sender frame's origin, the operation name and the input schema before any handler runs.
 */
export function registerIpc(dispatch: IpcDispatch): void {
  ipcMain.handle(INVOKE_CHANNEL, (event, name: unknown, input: unknown) =>
    dispatch(event.senderFrame?.origin, name, input),
  );
}

/** Sends a contract event to every window showing the app (never to a foreign page). */
export function broadcastEvent(name: string, payload: unknown): void {
  for (const window of BrowserWindow.getAllWindows()) {
    const contents = window.webContents;
    if (contents.isDestroyed()) continue;
    if (contents.getURL().startsWith(`${APP_ORIGIN}/`)) contents.send(EVENT_CHANNEL, name, payload);
  }
}
