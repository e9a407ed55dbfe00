import { type CrawlSettings, crawlSettings, isDefaultCrawlSettings } from '@mapsmith/core';
import type { SecretBox } from './secret-box.js';

type SiteAuth = NonNullable<CrawlSettings['siteAuth']>;

/** The staging login with every secret passed through `change` (user and header names kept). */
function mapSecrets(auth: SiteAuth, change: (secret: string) => string): SiteAuth {
  return {
    ...(auth.basic
      ? { basic: { username: auth.basic.username, password: change(auth.basic.password) } }
      : {}),
    ...(auth.headers
      ? { headers: auth.headers.map(({ name, value }) => ({ name, value: change(value) })) }
      : {}),
  };
}

/**
 * The settings as stored (JSON), their secrets sealed by `box`; null when every setting is the
 * default (a free user's crawl). The one place a crawl's settings are written from.
 */
export function settingsJson(
  settings: CrawlSettings | null | undefined,
  box: SecretBox,
): string | null {
  if (!settings || isDefaultCrawlSettings(settings)) return null;
  const { siteAuth, ...rest } = settings;
  const stored = siteAuth ? { ...rest, siteAuth: mapSecrets(siteAuth, (s) => box.seal(s)) } : rest;
  return JSON.stringify(stored);
}

/** The stored staging login opened by `box`; undefined when it cannot be (another key). */
function openSiteAuth(stored: unknown, box: SecretBox): SiteAuth | undefined {
  try {
    return mapSecrets(stored as SiteAuth, (sealed) => box.open(String(sealed)));
  } catch {
    return undefined;
  }
}

/**
 * The stored settings, their secrets opened by `box` and read back through the contract's
 * schema: a row written by an older version, or by hand, runs with the defaults rather than
 * with something the schema refuses. A login this process cannot open (its key is gone) is
 * left out, so the crawl runs without it and says the site refused it. The one place a
 * crawl's settings are read from.
 */
export function parseSettings(raw: string | null, box: SecretBox): CrawlSettings | null {
  if (!raw) return null;
  try {
    const { siteAuth, ...rest } = JSON.parse(raw) as CrawlSettings;
    const opened = siteAuth ? openSiteAuth(siteAuth, box) : undefined;
    const parsed = crawlSettings.safeParse(opened ? { ...rest, siteAuth: opened } : rest);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
