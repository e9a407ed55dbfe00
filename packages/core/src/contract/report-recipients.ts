/**
 * The client addresses a schedule mails its report to after each run (issue 29 point 3): a
 * bounded list of distinct, valid addresses. Each address gets its own unsubscribe link.
 */
import { z } from 'zod';
import { isValidEmail } from './email.js';

/** The most client addresses one schedule mails its report to. */
export const MAX_REPORT_RECIPIENTS = 10;

/** One address as stored and compared: trimmed and lower-cased. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The list of a schedule's definition: at most 10 distinct valid addresses. */
export const reportRecipientsInput = z
  .array(z.string({ error: 'Each address is text, such as client@example.com' }), {
    error: 'reportTo is a list of e-mail addresses',
  })
  .max(
    MAX_REPORT_RECIPIENTS,
    `The report can be mailed to at most ${MAX_REPORT_RECIPIENTS} addresses`,
  )
  .superRefine((emails, ctx) => {
    const seen = new Set<string>();
    for (const email of emails) {
      const normal = normalEmail(email);
      if (!isValidEmail(normal))
        ctx.addIssue({
          code: 'custom',
          message: `“${email.slice(0, 80)}” is not an e-mail address (write one per line, such as client@example.com)`,
        });
      else if (seen.has(normal))
        ctx.addIssue({ code: 'custom', message: `${normal} is in the list twice` });
      seen.add(normal);
    }
  });
