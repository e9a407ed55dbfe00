import type { SqlQueryable } from '@mapsmith/core';
import type { Migration } from '@mapsmith/sqlite';

/**
 * The desktop's one-user data file: the steps it runs after the application layer's
 * (`everyShellMigrations`), and its one local user. The hosted app keeps settings in its
 * accounts and has no local user.
 */

/**
 * The hosted server's tables that the steps before the split left in a desktop's file (step 1001
 * drops them; frozen with it).
 */
export const HOSTED_ONLY_TABLES: readonly string[] = [
  'sessions',
  'account_tokens',
  'payment_orders',
  'indexnow_keys',
  'api_tokens',
  'indexnow_submissions',
  'share_links',
  'report_brands',
  'schedule_recipients',
];

/**
 * The desktop's own steps, after the application layer's (ids from 1000, clear of the app's):
 * its settings, which the hosted app keeps in its accounts instead.
 */
export const LOCAL_STORE_STEPS: readonly Migration[] = [
  {
    id: 1000,
    name: 'desktop-settings',
    up: 'CREATE TABLE desktop_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);',
  },
  {
    // A file made before the hosted-only steps left the desktop's list (issue 27 point 3) has
    // their tables, and every file has `sessions` (step 1 makes it with `users`): all empty, as
    // the desktop never signs in, pays, keeps tokens, shares links, brands or mails. Dropped, so
    // an old file and a new one hold the same tables. (`users.pro_reminder_for`, an unused
    // nullable column of old files, stays: SQLite cannot drop a column only if it exists.)
    id: 1001,
    name: 'drop-hosted-tables',
    up: `${HOSTED_ONLY_TABLES.map((t) => `DROP TABLE IF EXISTS ${t};`).join('\n')}
DROP INDEX IF EXISTS users_username_lower;
DROP INDEX IF EXISTS users_email_lower;`,
  },
];

/**
 * Makes sure the file's one user, `id`, exists; its password can never match (the desktop has
 * no sign-in).
 */
export async function ensureLocalUser(db: SqlQueryable, id: number): Promise<void> {
  await db.run(
    `INSERT INTO users (id, username, email, password_hash) VALUES (?, 'local', 'local@localhost', '!')
     ON CONFLICT (id) DO NOTHING`,
    [id],
  );
}
