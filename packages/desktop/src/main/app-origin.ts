/** The scheme the renderer is served from (never file://). */
export const APP_SCHEME = 'mapsmith';

/** The renderer's origin; IPC handlers accept calls only from frames of this origin. */
export const APP_ORIGIN = `${APP_SCHEME}://app`;

/** Whether `raw` is a page of the app itself (the only place the window may navigate). */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (
      url.protocol === `${APP_SCHEME}:` && url.host === 'app' && !url.username && !url.password
    );
  } catch {
    return false;
  }
}
