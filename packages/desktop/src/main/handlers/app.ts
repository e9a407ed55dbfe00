import { AppError, invalidInput } from '@mapsmith/app';
import { type AppConfig, isAppPath, type User } from '@mapsmith/core';
import { HOSTED_ONLY_NAMES } from '../../shared/channels';
import type { IpcOperationName } from '../../shared/desktop-operations';
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
    throw invalidInput('path', input.path, 'Not a page of the hosted app');
  }
  const url = new URL(pathname, deps.hostedUrl);
  if (url.origin !== new URL(deps.hostedUrl).origin)
    throw invalidInput('path', input.path, 'Not a page of the hosted app');
  await deps.openExternal(url.href);
  return { opened: true, url: url.href };
}

/**
 * The operations the desktop app does not run, each group with the sentence that says where it
 * runs instead (`{host}` is the hosted site's host). One refusal serves them all.
 */
export const HOSTED_ONLY: ReadonlyArray<{ names: readonly IpcOperationName[]; where: string }> = [
  {
    names: HOSTED_ONLY_NAMES.accounts,
    where:
      'Accounts and payment live at {host}. The desktop app opens it in your browser; link a Pro account with an API token to lift the free limits here.',
  },
  {
    // Notification needs the hosted app, which keeps each site's IndexNow key.
    names: HOSTED_ONLY_NAMES.indexNow,
    where:
      "Search-engine notification (IndexNow) runs on {host}, which keeps your site's key. From the desktop, add a Sitemap: line to robots.txt and submit the sitemap in Search Console.",
  },
  {
    // A share link needs a public server to open it, and the brand lives with the hosted
    // account; the PDF of a local crawl is printed here (`crawl.pdf`).
    names: HOSTED_ONLY_NAMES.shareLinks,
    where:
      'Share links of a report are made on {host}: a link needs a public server to open it. Crawl the site there to share its report with a client; the desktop app downloads its PDF.',
  },
  {
    // The health report describes the hosted deployment's database, queue and workers.
    names: HOSTED_ONLY_NAMES.health,
    where:
      "The service health report (database, crawl queue, workers) is {host}'s; the desktop app crawls on this computer and has none of them.",
  },
];

/** The handler of a hosted-only operation: a clear refusal that says where it runs. */
export function hostedOnly(deps: AppDeps, where: string): () => Promise<never> {
  const text = where.replace('{host}', new URL(deps.hostedUrl).host);
  return async () => {
    throw new AppError('desktop.hosted-only', 'Only on the hosted site', text);
  };
}
