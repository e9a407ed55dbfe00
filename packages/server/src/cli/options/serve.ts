/** Options and help of `mapsmith serve` and `mapsmith backup` (light: no Express, no SQLite). */
import { type OptionSpecs, optionHelp } from '../args.js';

/** Every option of `mapsmith serve`. */
export const serveOptions = {
  port: { type: 'string', value: 'N', help: 'port to listen on (PORT; 0 picks a free one)' },
  host: { type: 'string', value: 'ADDR', help: 'interface to listen on (HOST)' },
  'data-dir': { type: 'string', value: 'DIR', help: 'SQLite file and outbox (MAPSMITH_DATA_DIR)' },
} as const satisfies OptionSpecs;

/** Help text of `mapsmith serve`. */
export const serveHelp = `mapsmith serve [--port N] [--host ADDR] [--data-dir DIR]

Starts the hosted app: the API and the web app, on a SQLite file in the data folder.
Options override PORT, HOST and MAPSMITH_DATA_DIR.

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
