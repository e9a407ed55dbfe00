import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@mapsmith/core';
import nodemailer from 'nodemailer';
import { purgeOutbox } from './outbox-purge.js';

/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link in the message, logged when mail goes to the outbox so a local install works. */
  link?: string;
  /** Extra headers, e.g. `List-Unsubscribe` on mail to a schedule's client addresses. */
  headers?: Record<string, string>;
}

/** Sends account mail. `send` resolves once the message is handed over (SMTP) or written (outbox). */
export interface Mailer {
  /** Delivers one message; rejects when the SMTP server refuses it or the file cannot be written. */
  send(message: MailMessage): Promise<void>;
  /** Where mail goes: `smtp` or `outbox`. */
  readonly mode: 'smtp' | 'outbox';
  /**
   * Forgets mail kept locally for `address` (the outbox's files); answers how many messages
   * went. Mail handed to an SMTP server is out of our hands, so that mode keeps nothing.
   */
  forget(address: string): Promise<number>;
}

/** What a mailer is built from. */
export interface MailerOptions {
  /** `SMTP_URL`; null writes `.eml` files to `outboxDir` instead. */
  smtpUrl: string | null;
  /** The From header. */
  from: string;
  /** The local outbox folder. */
  outboxDir: string;
  logger: Logger;
}

/**
 * Mail through nodemailer: SMTP when a URL is configured, otherwise each message is built by
 * nodemailer's stream transport (so the file is the exact message SMTP would carry) and written
 * as `<time>-<random>.eml` to the outbox, with its link logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      send: async ({ to, subject, text, headers }) => {
        await transport.sendMail({ from: options.from, to, subject, text, headers });
        options.logger.info('mail sent', { to, subject });
      },
      forget: async () => 0,
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    mode: 'outbox',
    send: async ({ to, subject, text, link, headers }) => {
      const info = await transport.sendMail({ from: options.from, to, subject, text, headers });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await fs.mkdir(options.outboxDir, { recursive: true });
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 }).catch(async (err) => {
        // A full disk leaves a truncated message: remove it rather than keep half a mail.
        await fs.rm(file, { force: true });
        throw err;
      });
      options.logger.info('mail written to outbox (SMTP_URL is not set)', {
        to,
        subject,
        file,
        link,
      });
    },
    forget: (address) => purgeOutbox(options.outboxDir, address),
  };
}
