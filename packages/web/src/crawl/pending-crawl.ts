const KEY = 'mapsmith.pendingCrawl';

/**
 * The URL a signed-out visitor asked to crawl, kept for this tab while they sign in, so the
 * home page can start that crawl afterwards instead of losing what they typed.
 */
export function savePendingCrawl(url: string): void {
  try {
    if (url.trim()) window.sessionStorage.setItem(KEY, url.trim());
  } catch {
    // Storage may be off (private mode): the visitor types the URL again, nothing breaks.
  }
}

/** The pending URL, if any, without removing it. */
export function peekPendingCrawl(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Removes and returns the pending URL (it is started once). */
export function takePendingCrawl(): string | null {
  const url = peekPendingCrawl();
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // See savePendingCrawl.
  }
  return url;
}
