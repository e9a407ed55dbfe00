import path from 'node:path';
import { app } from 'electron';
import { registerIpc } from './ipc';
import { registerAppScheme, serveRenderer } from './protocol';
import { installSecurity } from './security';
import { createMainWindow } from './window';

// Wiring only: each concern lives in its own file.
registerAppScheme();
installSecurity();

void app.whenReady().then(() => {
  serveRenderer(path.join(import.meta.dirname, '../renderer'));
  registerIpc();
  createMainWindow();
});

app.on('window-all-closed', () => app.quit());
