import { session } from 'electron';

/**
 * Exports the renderer downloads (the results panel's buttons) are saved through the native
 * save dialog, with the export's file name proposed; nothing is written without the user's pick.
 */
export function installDownloads(): void {
  session.defaultSession.on('will-download', (_event, item) => {
    item.setSaveDialogOptions({ title: 'Save the export', defaultPath: item.getFilename() });
  });
}
