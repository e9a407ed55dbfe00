import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';

/** Help text of `mapsmith backup`. */
export const backupHelp = `mapsmith backup FILE [--data-dir DIR]

Writes a consistent copy of the hosted app's SQLite database to FILE (VACUUM INTO), safe to run
while the server is running. FILE must not exist yet. The database is the one in
MAPSMITH_DATA_DIR (default ./data) unless --data-dir is given.`;

/** `mapsmith backup FILE`: copies the database with `VACUUM INTO`; resolves with the exit code. */
export async function runBackup(argv: string[]): Promise<number> {
  let dataDir: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--data-dir') dataDir = argv[++i];
    else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else rest.push(arg);
  }
  const [target, ...extra] = rest;
  if (!target || extra.length > 0 || target.startsWith('-')) {
    process.stderr.write(`${backupHelp}\n`);
    return 1;
  }
  const env = { ...process.env };
  if (dataDir !== undefined) env.MAPSMITH_DATA_DIR = dataDir;
  // Loaded here, not at the top: `mapsmith crawl` should not load Express and SQLite.
  const { databaseFile } = await import('../../server.js');
  const { Database } = await import('../../db/database.js');
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
