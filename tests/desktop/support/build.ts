import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The repository root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where electron-vite writes the desktop bundles. */
export const DESKTOP_OUT = path.join(REPO_ROOT, 'packages/desktop/out');

/** Builds main, preload, crawler process and renderer with `npm run build:desktop`'s command. */
export function buildDesktop(): void {
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    },
  );
}
