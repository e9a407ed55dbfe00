/**
 * IPC channel names and the operation and event names the preload lets through. Kept free of
 * imports so the sandboxed preload bundles to one small file; a test checks the lists against
 * the contract.
 */

/** The channel every call goes through; the operation name travels in the message. */
export const INVOKE_CHANNEL = 'mapsmith:invoke';

/** The channel main sends contract events on; the event name travels in the message. */
export const EVENT_CHANNEL = 'mapsmith:event';

/** Operation names the preload forwards (the contract's and the desktop's). */
export const INVOKE_NAMES: readonly string[] = [
  'config.get',
  'user.get',
  'user.delete',
  'auth.login',
  'auth.register',
  'auth.logout',
  'auth.resendConfirmation',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.checkResetToken',
  'auth.confirmEmail',
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
  'ping.submit',
  'ping.key',
  'ping.last',
  'sitemap.fetch',
  'history.list',
  'analytics.get',
  'paypal.createOrder',
  'paypal.captureOrder',
  'tokens.list',
  'tokens.create',
  'tokens.delete',
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
  'health.get',
  // Crawl history (issue 26).
  'crawls.list',
  'crawl.delete',
  // A crawl's client report (issue 29): hosted only.
  'share.create',
  'share.list',
  'share.revoke',
  'crawl.pdf',
  'brand.get',
  'brand.update',
  'brand.logo',
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
