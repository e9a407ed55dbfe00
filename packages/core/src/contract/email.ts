/**
 * The one rule of what an e-mail address looks like, for accounts (spec §5) and for the client
 * addresses a schedule mails its report to (issue 29 point 3).
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `email` looks like a deliverable address (one @, a dot in the domain, no spaces). */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}
