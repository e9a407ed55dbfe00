import fs from 'node:fs';
import path from 'node:path';

/** What `findLocalBrowser` needs from the machine, injected so tests can stand in for any OS. */
export interface BrowserSearch {
  /** The environment (`MAPSMITH_CHROME_PATH`, and the Windows install folders). */
  env: Record<string, string | undefined>;
  /** The operating system, as `process.platform` names it. */
  platform: NodeJS.Platform;
  /** Whether a file exists at the path. */
  exists: (file: string) => boolean;
}

/** The browser found, or why none was. */
export type BrowserFound =
  | { path: string; via: 'MAPSMITH_CHROME_PATH' | 'known install path' }
  | { path: null; reason: string };

const LINUX = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

const MAC = [
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
];

const WINDOWS_FOLDERS = ['ProgramFiles', 'ProgramFiles(x86)', 'LocalAppData'];
const WINDOWS_EXES = [
  ['Google', 'Chrome', 'Application', 'chrome.exe'],
  ['Microsoft', 'Edge', 'Application', 'msedge.exe'],
];

// Windows environment names are case-insensitive; an injected record is not.
function envValue(env: BrowserSearch['env'], name: string): string | undefined {
  const key = Object.keys(env).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : env[key];
  return value ? value : undefined;
}

/** The install paths checked on a platform, in order of preference. */
export function knownBrowserPaths(platform: NodeJS.Platform, env: BrowserSearch['env']): string[] {
  if (platform === 'darwin') return MAC;
  if (platform === 'win32') {
    const paths: string[] = [];
    for (const exe of WINDOWS_EXES)
      for (const name of WINDOWS_FOLDERS) {
        const folder = envValue(env, name);
        if (folder) paths.push(path.win32.join(folder, exe.join(path.win32.sep)));
      }
    return paths;
  }
  return LINUX;
}

/**
 * Finds the Chrome, Chromium or Edge already installed on the user's machine, for smart
 * rendering (the desktop ships no browser). `MAPSMITH_CHROME_PATH` wins when set: a path that
 * names no file then means no browser, so the user's explicit choice is never silently replaced.
 */
export function findLocalBrowser(search: BrowserSearch): BrowserFound {
  const override = envValue(search.env, 'MAPSMITH_CHROME_PATH');
  if (override) {
    return search.exists(override)
      ? { path: override, via: 'MAPSMITH_CHROME_PATH' }
      : { path: null, reason: `MAPSMITH_CHROME_PATH names no file (${override})` };
  }
  const found = knownBrowserPaths(search.platform, search.env).find((p) => search.exists(p));
  return found
    ? { path: found, via: 'known install path' }
    : { path: null, reason: 'no Google Chrome, Chromium or Microsoft Edge found' };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The browser installed on this machine (`findLocalBrowser` over the real file system): the one
 * both smart rendering and the client report's PDF use.
 */
export function findInstalledBrowser(env: Record<string, string | undefined>): BrowserFound {
  return findLocalBrowser({ env, platform: process.platform, exists: isFile });
}
