import { plural } from '@mapsmith/core';
import type { MailMessage } from './mailer.js';

/** The confirmation mail sent at registration and on "resend". */
export function confirmationMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your Mapsmith e-mail address',
    link,
    text: [
      `Hello ${username},`,
      '',
      'Please confirm your e-mail address by opening this link (valid for 24 hours):',
      link,
      '',
      'If you did not create a Mapsmith account, ignore this message.',
    ].join('\n'),
  };
}

/**
 * Sent once when sign-in guessing on the account reaches the account-wide delay (issue 30,
 * point 4): what happens, and how the owner gets in whatever others try.
 */
export function signInGuardMail(to: string, username: string, failures: number): MailMessage {
  return {
    to,
    subject: 'Many failed sign-ins on your Mapsmith account',
    text: [
      `Hello ${username},`,
      '',
      `Someone has tried to sign in to your Mapsmith account and failed ${plural(failures, 'time')} or more in the`,
      'last 15 minutes. Until the guessing stops, sign-ins from devices that have not signed in to',
      'your account lately have to wait a while between tries.',
      '',
      'If it was you, nothing needs doing. If not, your password kept them out. You can still sign',
      'in from a device you used lately; from any other, "Forgot password?" on the sign-in page',
      'lets you choose a new password and sign in at once.',
    ].join('\n'),
  };
}

/** The password reset mail. */
export function resetMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Mapsmith password',
    link,
    text: [
      `Hello ${username},`,
      '',
      'Someone asked to reset the password of your Mapsmith account. To choose a new one, open',
      'this link (valid for 1 hour, usable once):',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
      'Choosing a new password signs you out everywhere and revokes all your API tokens.',
    ].join('\n'),
  };
}

/** Sent after a password reset: what ended with the old password. */
export function passwordChangedMail(
  to: string,
  username: string,
  revokedTokens: number,
): MailMessage {
  const tokens =
    revokedTokens === 0
      ? 'You had no API tokens.'
      : `Your ${plural(revokedTokens, 'API token was', 'API tokens were')} revoked: create new ones on your dashboard where you still need them.`;
  return {
    to,
    subject: 'Your Mapsmith password was changed',
    text: [
      `Hello ${username},`,
      '',
      'The password of your Mapsmith account was just changed. Every session was signed out.',
      tokens,
      '',
      'If you did not do this, reset your password at once and write to support.',
    ].join('\n'),
  };
}

/** Sent to an address's owner when someone signs up with it again (sign-up reveals nothing). */
export function addressTakenMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to sign up to Mapsmith with your address',
    link,
    text: [
      `Hello ${username},`,
      '',
      'Someone just tried to create a Mapsmith account with this e-mail address, which already',
      `belongs to your account "${username}". No new account was created.`,
      '',
      'If it was you, sign in here (or use "Forgot password" on that page):',
      link,
      '',
      'If it was not you, ignore this message: your account is unchanged.',
    ].join('\n'),
  };
}

/** The reminder sent a few days before Pro ends: nothing renews by itself (plans-features.ts). */
export function proEndingMail(
  to: string,
  username: string,
  endDate: string,
  link: string,
): MailMessage {
  return {
    to,
    subject: `Your Mapsmith Pro ends on ${endDate}`,
    link,
    text: [
      `Hello ${username},`,
      '',
      `Your month of Mapsmith Pro ends on ${endDate}. Pro does not renew by itself and nothing`,
      'will be charged. To keep Pro, pay for another month here; it starts when the current one',
      'ends, so paying early loses nothing:',
      link,
      '',
      'If you do nothing, your account returns to the free plan and keeps its crawl history.',
    ].join('\n'),
  };
}

/** What the summary mail of a scheduled run says (issue 13). */
export interface ScheduleRunFacts {
  /** The crawled site. */
  url: string;
  /** URLs listed by the run. */
  listed: number;
  /** "12 added, 3 removed, 41 changed", or why there is nothing to compare. */
  changes: string;
  /** The job page of the run. */
  link: string;
  /** The stable sitemap URL, when the files are published there. */
  sitemapUrl: string | null;
  /** The IndexNow line, when the schedule submits changed URLs. */
  indexNow: string | null;
  /** What went wrong after the crawl, if anything. */
  problem: string | null;
}

/** The summary of one scheduled run, mailed to the schedule's owner. */
export function scheduleRunMail(to: string, username: string, run: ScheduleRunFacts): MailMessage {
  const host = new URL(run.url).host;
  return {
    to,
    // Short (walkthrough defect 52): the changes, which may be a sentence, are in the body.
    subject: `Scheduled crawl of ${host}: ${plural(run.listed, 'URL')} listed`,
    link: run.link,
    text: [
      `Hello ${username},`,
      '',
      `Your scheduled crawl of ${run.url} has finished: ${plural(run.listed, 'URL')} listed.`,
      `Since the previous crawl: ${run.changes}.`,
      ...(run.sitemapUrl ? ['', `Your sitemap is up to date at ${run.sitemapUrl}`] : []),
      ...(run.indexNow ? ['', `IndexNow: ${run.indexNow}`] : []),
      ...(run.problem ? ['', `Something needs your attention: ${run.problem}`] : []),
      '',
      'The full report, with every added, removed and changed URL:',
      run.link,
    ].join('\n'),
  };
}

/** The mail of a scheduled run whose crawl failed: what happened and that the next run comes. */
export function scheduleFailedMail(
  to: string,
  username: string,
  run: { url: string; reason: string; link: string },
): MailMessage {
  const host = new URL(run.url).host;
  return {
    to,
    subject: `Scheduled crawl of ${host} failed`,
    link: run.link,
    text: [
      `Hello ${username},`,
      '',
      `Your scheduled crawl of ${run.url} did not complete: ${run.reason}`,
      'Your published sitemap, if any, was left as it was. The schedule runs again at its next time.',
      '',
      'The crawl:',
      run.link,
    ].join('\n'),
  };
}

/** What a payment receipt says (issue 26, point 2). */
export interface ReceiptFacts {
  /** "$3" */
  amount: string;
  /** "November 26, 2026" */
  paidOn: string;
  /** The month it buys: first and last day ("November 26, 2026"). */
  from: string;
  until: string;
  /** Our order id, quoted when asking for the refund. */
  orderId: string;
  /** Where refunds are asked for. */
  supportEmail: string;
}

/** The receipt sent once after every captured payment (direct or reconciled). */
export function receiptMail(to: string, username: string, facts: ReceiptFacts): MailMessage {
  return {
    to,
    subject: `Your Mapsmith Pro receipt: ${facts.amount}`,
    text: [
      `Hello ${username},`,
      '',
      `Thank you for your payment of ${facts.amount} through PayPal on ${facts.paidOn}.`,
      `It buys one month of Mapsmith Pro: from ${facts.from} until ${facts.until}.`,
      'Pro does not renew by itself and nothing more will be charged.',
      '',
      `Order: ${facts.orderId}`,
      '',
      'Refunds: on your first payment you may ask for a full refund within 7 days of paying.',
      `Write to ${facts.supportEmail} from this address and quote the order above; the refund goes`,
      'back through PayPal and the month ends when it is made.',
    ].join('\n'),
  };
}
