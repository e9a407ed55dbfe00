/** `mapsmith migrate`: brings the schema up to date. Options and help: ../options/serve.ts. */
import path from 'node:path';
import { parseDatabaseUrl } from '../../runtime/process-config.js';
import { migrateDatabase } from '../../runtime/storage.js';
import { parseOptions, UsageError } from '../args.js';
import { migrateOptions } from '../options/serve.js';

/**
 * Applies the schema steps the database lacks and reports them; resolves with the exit code.
 * It reads only where the database is: the settings a serving process needs (mail, public URL,
 * proxies) are not asked for, so a release step with only `DATABASE_URL` can run it.
 */
export async function runMigrate(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, migrateOptions);
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const { applied, describe } = await migrateDatabase({
    databaseUrl: parseDatabaseUrl(process.env.DATABASE_URL),
    dataDir: path.resolve(values['data-dir'] ?? process.env.MAPSMITH_DATA_DIR ?? 'data'),
  });
  process.stdout.write(
    applied.length > 0
      ? `Migrated ${describe}: applied ${applied.join(', ')}\n`
      : `${describe} is up to date\n`,
  );
  return 0;
}
