import { BrowserWindow, dialog } from 'electron';
import type { Dialogs } from './handlers/export';

/** The native dialogs, attached to the focused window. */
export const electronDialogs: Dialogs = {
  async chooseFolder(title) {
    const window = BrowserWindow.getFocusedWindow();
    const options: Electron.OpenDialogOptions = {
      title,
      properties: ['openDirectory', 'createDirectory'],
    };
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  async chooseFile(title) {
    const window = BrowserWindow.getFocusedWindow();
    const options: Electron.OpenDialogOptions = {
      title,
      properties: ['openFile'],
      filters: [
        { name: 'Sitemaps and feeds', extensions: ['xml', 'gz', 'rss', 'atom', 'txt'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
};
