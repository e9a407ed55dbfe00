/**
 * Options and help of `mapsmith serve`, `worker`, `migrate` and `backup` (light: no Express, no
 * database driver).
 */
import { type OptionSpecs, optionHelp } from '../args.js';

/** Every option of `mapsmith serve`. */
export const serveOptions = {
  port: { type: 'string', value: 'N', help: 'port to listen on (PORT; 0 picks a free one)' },
  host: { type: 'string', value: 'ADDR', help: 'interface to listen on (HOST)' },
  'data-dir': { type: 'string', value: 'DIR', help: 'SQLite file and outbox (MAPSMITH_DATA_DIR)' },
} as const satisfies OptionSpecs;

/** Help text of `mapsmith serve`. */
export const serveHelp = `mapsmith serve [--port N] [--host ADDR] [--data-dir DIR]

Starts the hosted app: the API and the web app. Without DATABASE_URL it runs on a SQLite file
in the data folder, with the crawl workers in the same process. With DATABASE_URL=postgres://...
it is one API process of many (MAPSMITH_ROLE=api; start crawl workers with "mapsmith worker",
or set MAPSMITH_ROLE=all to run both here) and needs SMTP_URL, MAPSMITH_PUBLIC_URL and
MAPSMITH_TRUST_PROXY; run "mapsmith migrate" first. Options override PORT, HOST and
MAPSMITH_DATA_DIR. A refused setting exits with code 78.

Options:
${optionHelp(serveOptions)}`;

/** Every option of `mapsmith backup`. */
export const backupOptions = {
  'data-dir': { type: 'string', value: 'DIR', help: 'the data folder (default MAPSMITH_DATA_DIR)' },
} as const satisfies OptionSpecs;

/** Help text of `mapsmith backup`. */
export const backupHelp = `mapsmith backup FILE [--data-dir DIR]

Writes a consistent copy of the hosted app's SQLite database to FILE (VACUUM INTO), safe to run
while the server is running. FILE must not exist yet. The database is the one in
MAPSMITH_DATA_DIR (default ./data) unless --data-dir is given.`;

/** Every option of `mapsmith worker`. */
export const workerOptions = {
  'health-port': {
    type: 'string',
    value: 'N',
    help: 'answer GET /api/health on this port (MAPSMITH_HEALTH_PORT)',
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    help: 'export and render scratch (MAPSMITH_DATA_DIR)',
  },
} as const satisfies OptionSpecs;

/** Help text of `mapsmith worker`. */
export const workerHelp = `mapsmith worker [--health-port N] [--data-dir DIR]

Starts a crawl-worker process of a scaled deployment: crawls, sitemap audits and the timed work
(retention, payment reconciliation, Pro reminders, scheduled crawls), with no public HTTP.
Needs DATABASE_URL=postgres://... (the same as the API processes), SMTP_URL,
MAPSMITH_PUBLIC_URL and MAPSMITH_TRUST_PROXY; MAPSMITH_CRAWL_WORKERS crawls run at once.
Start as many as the crawls need, on as many machines. A refused setting exits with code 78.

Options:
${optionHelp(workerOptions)}`;

/** Every option of `mapsmith migrate`. */
export const migrateOptions = {
  'data-dir': { type: 'string', value: 'DIR', help: 'the data folder (SQLite only)' },
} as const satisfies OptionSpecs;

/** Help text of `mapsmith migrate`. */
export const migrateHelp = `mapsmith migrate [--data-dir DIR]

Brings the database schema up to date and exits: Postgres at DATABASE_URL, under an advisory
lock so that two runs at once apply each step once; otherwise the SQLite file in the data folder
(which "mapsmith serve" also migrates at start). On Postgres, API and worker processes refuse to
start while the schema is behind, so run this before starting a new version.

Options:
${optionHelp(migrateOptions)}`;
