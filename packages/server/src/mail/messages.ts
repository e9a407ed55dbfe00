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
