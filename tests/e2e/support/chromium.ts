import fs from 'node:fs';

/** Debian's Chromium; `CHROMIUM_PATH` overrides. Nothing ever downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that work headless as root on this kind of machine, with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Playwright launch options for Debian's Chromium; fails clearly when it is missing. */
export function chromiumLaunchOptions() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Run "bash scripts/setup.sh" (installs Debian's chromium) or set CHROMIUM_PATH.`,
    );
  }
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true };
}
