import { describe, expect, it } from 'vitest';
import {
  findLocalBrowser,
  knownBrowserPaths,
} from '../../packages/desktop/src/crawler-process/find-browser';

const on = (files: string[]) => (file: string) => files.includes(file);

describe('finding the local browser for smart rendering', () => {
  it('prefers MAPSMITH_CHROME_PATH, and a path naming no file means no browser', () => {
    const env = { MAPSMITH_CHROME_PATH: '/opt/chrome/chrome' };
    expect(
      findLocalBrowser({ env, platform: 'linux', exists: on(['/opt/chrome/chrome']) }),
    ).toEqual({ path: '/opt/chrome/chrome', via: 'MAPSMITH_CHROME_PATH' });
    // /usr/bin/chromium exists, but the user named another browser: it is not silently replaced.
    expect(findLocalBrowser({ env, platform: 'linux', exists: on(['/usr/bin/chromium']) })).toEqual(
      { path: null, reason: 'MAPSMITH_CHROME_PATH names no file (/opt/chrome/chrome)' },
    );
  });

  it('checks the Linux install paths in order', () => {
    const search = { env: { MAPSMITH_CHROME_PATH: '' }, platform: 'linux' as const };
    expect(
      findLocalBrowser({
        ...search,
        exists: on(['/snap/bin/chromium', '/usr/bin/google-chrome-stable']),
      }),
    ).toEqual({ path: '/usr/bin/google-chrome-stable', via: 'known install path' });
    expect(findLocalBrowser({ ...search, exists: on(['/snap/bin/chromium']) }).path).toBe(
      '/snap/bin/chromium',
    );
    expect(findLocalBrowser({ ...search, exists: () => false })).toEqual({
      path: null,
      reason: 'no Google Chrome, Chromium or Microsoft Edge found',
    });
  });

  it('finds Chrome, Chromium or Edge on macOS', () => {
    const edge = '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge';
    expect(findLocalBrowser({ env: {}, platform: 'darwin', exists: on([edge]) }).path).toBe(edge);
    expect(knownBrowserPaths('darwin', {})[0]).toBe(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
  });

  it('looks under the Windows install folders, whatever the case of their variables', () => {
    const env = {
      PROGRAMFILES: 'C:\\Program Files',
      'ProgramFiles(x86)': 'C:\\Program Files (x86)',
      LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local',
    };
    expect(knownBrowserPaths('win32', env)).toEqual([
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Users\\ana\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe',
      'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
      'C:\\Users\\ana\\AppData\\Local\\Microsoft\\Edge\\Application\\msedge.exe',
    ]);
    const userChrome = 'C:\\Users\\ana\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe';
    expect(findLocalBrowser({ env, platform: 'win32', exists: on([userChrome]) }).path).toBe(
      userChrome,
    );
    expect(knownBrowserPaths('win32', {})).toEqual([]);
  });
});
