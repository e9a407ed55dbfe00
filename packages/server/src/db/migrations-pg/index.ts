import type { Migration } from '@mapsmith/sqlite';
import * as m090 from './090-accounts-nocase.js';

/**
 * The Postgres schema steps, the twins of `../migrations` (SQLite): the same ids, the same
 * tables and columns in Postgres' types. Step 71 creates the whole schema as SQLite has it after
 * its step 71; every later SQLite step lands here with the same id and meaning.
 */
export const postgresMigrations: readonly Migration[] = [
  { id: 90, name: 'accounts-nocase', up: m090.up },
];
