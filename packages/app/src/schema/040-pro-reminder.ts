/**
 * The Pro reminder mail (3 days before Pro ends) records the end date it was sent for, so each
 * paid period gets one reminder and paying again (a later end date) gets a new one.
 */
export const up = `
ALTER TABLE users ADD COLUMN pro_reminder_for TEXT;
`;
