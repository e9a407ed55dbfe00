/**
 * IPC channel names and the operation and event names the preload lets through. Kept free of
 * imports so the sandboxed preload bundles to one small file; a test checks the lists against
 * the contract.
 */

/** The channel every call goes through; the operation name travels in the message. */
export const INVOKE_CHANNEL = 'mapsmith:invoke';

/** The channel main sends contract events on; the event name travels in the message. */
export const EVENT_CHANNEL = 'mapsmith:event';

/**
 * The operations the desktop app does not run, in groups (`handlers/app.ts` words where each
 * group runs instead); the preload forwards them so the refusal says so.
 */
export const HOSTED_ONLY_NAMES = {
  accounts: [
    'user.delete',
    'auth.login',
    'auth.register',
    'auth.logout',
    'auth.resendConfirmation',
    'auth.forgotPassword',
    'auth.resetPassword',
    'auth.checkResetToken',
    'auth.confirmEmail',
    'paypal.createOrder',
    'paypal.captureOrder',
    'tokens.list',
    'tokens.create',
    'tokens.delete',
  ],
  indexNow: ['ping.submit', 'ping.key', 'ping.last'],
  shareLinks: [
    'share.create',
    'share.list',
    'share.revoke',
    'brand.get',
    'brand.update',
    'brand.logo',
  ],
  health: ['health.get'],
} as const;

/** Operation names the preload forwards (the contract's and the desktop's). */
export const INVOKE_NAMES: readonly string[] = [
  ...Object.values(HOSTED_ONLY_NAMES).flat(),
  'config.get',
  'user.get',
  'crawl.start',
  'crawl.get',
  'crawl.stop',
  'crawl.pause',
  'crawl.resume',
  'crawl.urls',
  'crawl.url',
  'crawl.charts',
  'crawl.report',
  'seo.get',
  'export.generate',
  'sitemap.fetch',
  'history.list',
  'analytics.get',
  'bulk.start',
  'bulk.list',
  'bulk.get',
  'bulk.download',
  'bulk.stop',
  'openapi.get',
  'crawl.changes',
  'schedules.list',
  'schedules.create',
  'schedules.update',
  'schedules.pause',
  'schedules.delete',
  'schedules.rotateToken',
  'audit.start',
  'audit.get',
  'audit.urls',
  'audit.report',
  'audit.stop',
  'crawl.sitemapCompare',
  'crawl.sitemapFindings',
  'crawl.sitemapReport',
  // Crawl history (issue 26).
  'crawls.list',
  'crawl.delete',
  'crawl.pdf',
  'account.status',
  'account.link',
  'account.unlink',
  'report.save',
  'export.save',
  'checker.openFile',
  'app.openHosted',
  // A bulk list's zip saved through the save dialog (issue 27).
  'bulk.save',
];

/** Event names the preload lets the renderer subscribe to (the contract's `eventNames`). */
export const EVENT_NAMES: readonly string[] = ['crawl.progress'];

/** The reply of every invoke: a value, or an HTTP-like status and `{error, message, code}` body. */
export type IpcReply =
  | { ok: true; value: unknown }
  | {
      ok: false;
      status: number;
      body: { error: string; message?: string; code?: string; field?: string };
    };
