import type { AccountRepositories, Repositories } from '@mapsmith/app';
import type { Logger } from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import type { ExportCache } from '../exports/export-cache.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { LoginThrottle } from './login-throttle.js';
import { WindowLimit } from './throttle.js';

/** What the account routes share: storage, mail, the sign-in throttles. */
export interface AccountServices {
  config: ServerConfig;
  /** Users, sessions, one-time links, API tokens and sign-in failures. */
  accounts: AccountRepositories;
  logger: Logger;
  /** Built exports, which go with a deleted account. */
  exports: ExportCache;
  mailer: Mailer;
  throttles: LoginThrottle;
  /** Scheduled crawls, whose published files go with a deleted account (issue 13). */
  schedules?: { forgetUser(userId: number): Promise<void> } | undefined;
  /** Limits mail a single account can trigger (resend, forgot password): 5 per hour. */
  mailThrottle: WindowLimit;
  /** Sign-ups per client IP: 10 per hour, so nobody scripts accounts or mails strangers in bulk. */
  signupThrottle: WindowLimit;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Builds the account services once for the app. Every throttle counts in the database
 * (`repos.rates`, `repos.accounts.failures`), so several server processes share one budget.
 */
export function createAccountServices(
  deps: {
    config: ServerConfig;
    repos: Pick<Repositories, 'accounts' | 'rates'>;
    logger: Logger;
    exports: ExportCache;
    schedules?: AccountServices['schedules'];
  },
  outbox: string,
): AccountServices {
  return {
    schedules: deps.schedules,
    config: deps.config,
    accounts: deps.repos.accounts,
    logger: deps.logger,
    exports: deps.exports,
    mailer: createMailer({
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      outboxDir: outbox,
      logger: deps.logger,
    }),
    throttles: new LoginThrottle(deps.repos.accounts.failures),
    mailThrottle: new WindowLimit(deps.repos.rates, 'mail', 5, HOUR_MS),
    signupThrottle: new WindowLimit(deps.repos.rates, 'signup', 10, HOUR_MS),
  };
}

/**
 * Sends mail without making the caller wait or fail: the answer to "forgot password" must not
 * take longer when the account exists, and a mail server being down is logged, not shown.
 */
export function sendInBackground(services: AccountServices, send: () => Promise<void>): void {
  send().catch((err: unknown) => {
    services.logger.error('mail could not be sent', { error: String(err) });
  });
}
