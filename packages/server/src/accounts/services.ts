import type { Logger } from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import type { ExportCache } from '../exports/export-cache.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { LoginThrottle } from './login-throttle.js';
import { FailureThrottle } from './throttle.js';

/** What the account routes share: storage, mail, the sign-in throttles. */
export interface AccountServices {
  config: ServerConfig;
  db: Database;
  logger: Logger;
  /** Built exports, which go with a deleted account. */
  exports: ExportCache;
  mailer: Mailer;
  throttles: LoginThrottle;
  /** Scheduled crawls, whose published files go with a deleted account (issue 13). */
  schedules?: { forgetUser(userId: number): Promise<void> } | undefined;
  /** Limits mail a single account can trigger (resend, forgot password): 5 per hour. */
  mailThrottle: FailureThrottle;
  /** Sign-ups per client IP: 10 per hour, so nobody scripts accounts or mails strangers in bulk. */
  signupThrottle: FailureThrottle;
}

/** Builds the account services once for the app. */
export function createAccountServices(
  deps: {
    config: ServerConfig;
    db: Database;
    logger: Logger;
    exports: ExportCache;
    schedules?: AccountServices['schedules'];
  },
  outbox: string,
): AccountServices {
  return {
    schedules: deps.schedules,
    config: deps.config,
    db: deps.db,
    logger: deps.logger,
    exports: deps.exports,
    mailer: createMailer({
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      outboxDir: outbox,
      logger: deps.logger,
    }),
    throttles: new LoginThrottle(),
    mailThrottle: new FailureThrottle(5, 60 * 60 * 1000),
    signupThrottle: new FailureThrottle(10, 60 * 60 * 1000),
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
