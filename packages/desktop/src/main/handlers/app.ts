import { type AppConfig, isAppPath, type User } from '@mapsmith/core';
import { HandlerError } from '../errors';
import type { AccountDeps } from './account';
import { currentPlan } from './account';

/** What the app-level handlers need. */
export interface AppDeps extends AccountDeps {
  supportEmail: string;
  /** Opens a URL in the system browser (Electron's `shell.openExternal`). */
  openExternal(url: string): Promise<void>;
}

/** `config.get`: the desktop has no PayPal; the UI reads `shell` to send hosted-only screens out. */
export async function getConfig(deps: AppDeps): Promise<AppConfig> {
  return {
    paypal: { clientId: null, environment: 'sandbox', scriptUrl: '' },
    shell: 'desktop',
    supportEmail: deps.supportEmail,
  };
}

/**
 * `user.get`: the desktop's one local user. It has no password and no e-mail; its plan is Pro
 * only while a Pro account is linked, so the dashboard shows the right meter.
 */
export async function getLocalUser(deps: AppDeps): Promise<User> {
  const plan = await currentPlan(deps);
  return {
    id: 0,
    username: 'Local user',
    email: '',
    isPro: plan === 'pro',
    proUntil: null,
    emailConfirmed: true,
  };
}

/**
 * `app.openHosted`: opens a page of the hosted app (sign up, subscribe, pricing, ...) in the
 * system browser. Only the hosted origin and paths the web app really has are opened.
 */
export async function openHosted(
  deps: AppDeps,
  input: { path: string },
): Promise<{ opened: boolean; url: string }> {
  const [pathname = '/'] = input.path.split(/[?#]/);
  if (!pathname.startsWith('/') || pathname.startsWith('//') || !isAppPath(pathname)) {
    throw new HandlerError(400, 'Not a page of the hosted app', input.path);
  }
  const url = new URL(pathname, deps.hostedUrl);
  if (url.origin !== new URL(deps.hostedUrl).origin)
    throw new HandlerError(400, 'Not a page of the hosted app');
  await deps.openExternal(url.href);
  return { opened: true, url: url.href };
}

/** The hosted-only operations: accounts and payment live on the hosted site. */
export const HOSTED_ONLY = [
  'user.delete',
  'auth.login',
  'auth.register',
  'auth.logout',
  'auth.resendConfirmation',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.confirmEmail',
  'paypal.createOrder',
  'paypal.captureOrder',
  'tokens.list',
  'tokens.create',
  'tokens.delete',
  'audit.start',
  'audit.get',
  'audit.urls',
  'audit.report',
  'crawl.sitemapCompare',
  'crawl.sitemapFindings',
  'crawl.sitemapReport',
] as const;

/** `ping.submit` on desktop: notification needs the hosted app, which keeps each site's IndexNow key. */
export function pingOnHostedOnly(deps: AppDeps): () => Promise<never> {
  return async () => {
    throw new HandlerError(
      400,
      'Only on the hosted site',
      `Search-engine notification (IndexNow) runs on ${new URL(deps.hostedUrl).host}, which keeps your site's key. From the desktop, add a Sitemap: line to robots.txt and submit the sitemap in Search Console.`,
    );
  };
}

/** Bulk crawls (issue 13) crawl many sites on the hosted servers; the desktop crawls one at a time. */
export const BULK_HOSTED_ONLY = ['bulk.start', 'bulk.list', 'bulk.get', 'bulk.download'] as const;

/** A bulk operation on desktop: a clear refusal that names where bulk crawls run. */
export function bulkOnHostedOnly(deps: AppDeps): () => Promise<never> {
  return async () => {
    throw new HandlerError(
      400,
      'Only on the hosted site',
      `Bulk crawls of many sites run on ${new URL(deps.hostedUrl).host} with a Pro account. The desktop app crawls one site at a time.`,
    );
  };
}

/** Scheduled crawls (issue 13) run on the hosted server, which is awake when this computer sleeps. */
export const SCHEDULES_HOSTED = [
  'schedules.list',
  'schedules.create',
  'schedules.update',
  'schedules.pause',
  'schedules.delete',
  'schedules.rotateToken',
] as const;

/** The refusal of a schedule operation on desktop, naming where schedules live. */
export function schedulesOnHostedOnly(deps: AppDeps): () => Promise<never> {
  return async () => {
    throw new HandlerError(
      400,
      'Only on the hosted site',
      `Scheduled crawls run on ${new URL(deps.hostedUrl).host} with Mapsmith Pro, so they run on time even when this computer is off.`,
    );
  };
}

/** A handler for a hosted-only operation: a clear refusal that names the hosted site. */
export function hostedOnly(deps: AppDeps): () => Promise<never> {
  return async () => {
    throw new HandlerError(
      400,
      'Only on the hosted site',
      `Accounts and payment live at ${new URL(deps.hostedUrl).host}. The desktop app opens it in your browser; link a Pro account with an API token to lift the free limits here.`,
    );
  };
}
