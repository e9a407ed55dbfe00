import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { Database } from '../../db/database.js';
import { databaseFile } from '../../server.js';
import { parseOptions, UsageError } from '../args.js';
import { backupHelp, backupOptions } from '../options/serve.js';

/** `mapsmith backup FILE`: copies the database with `VACUUM INTO`; resolves with the exit code. */
export async function runBackup(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseOptions<typeof backupOptions>>;
  try {
    parsed = parseOptions(argv, backupOptions);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`mapsmith backup: ${err.message}\n\n${backupHelp}\n`);
    return 1;
  }
  const dataDir = parsed.values['data-dir'];
  const [target, ...extra] = parsed.positionals;
  if (!target || extra.length > 0) {
    process.stderr.write(`${backupHelp}\n`);
    return 1;
  }
  if (process.env.DATABASE_URL) {
    process.stderr.write(
      'mapsmith backup copies the embedded SQLite file; with DATABASE_URL set the data is in Postgres: back it up with pg_dump (README: Running at scale)\n',
    );
    return 1;
  }
  const env = { ...process.env };
  if (dataDir !== undefined) env.MAPSMITH_DATA_DIR = dataDir;
  const source = databaseFile(loadConfig(env).dataDir);
  if (!fs.existsSync(source)) {
    process.stderr.write(`mapsmith backup: no database at ${source}\n`);
    return 1;
  }
  const out = path.resolve(target);
  if (fs.existsSync(out)) {
    process.stderr.write(`mapsmith backup: ${out} already exists; choose a new file name\n`);
    return 1;
  }
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const db = await Database.open(source);
  try {
    await db.backup(out);
  } finally {
    await db.close();
  }
  process.stdout.write(`Backed up ${source} to ${out} (${fs.statSync(out).size} bytes)\n`);
  return 0;
}
