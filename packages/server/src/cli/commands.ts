/**
 * The commands of the `mapsmith` CLI: name, one-line summary, help text, and a loader. Each
 * command's code (Express, SQLite, the crawler, the renderer, undici) is imported only when that
 * command runs, so `mapsmith --help`, `--version` and a command's `--help` start at once.
 */
import { crawlHelp } from './options/crawl.js';
import { exportHelp } from './options/export.js';
import { backupHelp, migrateHelp, serveHelp, workerHelp } from './options/serve.js';
import { validateHelp } from './options/validate.js';

/** Runs a command with its arguments; resolves with the exit code. */
export type CommandRun = (argv: string[]) => Promise<number>;

/** One command of the CLI. */
export interface Command {
  /** One line for the command list. */
  summary: string;
  /** Its `--help` text. */
  help: string;
  /** Imports the command's code. */
  load(): Promise<CommandRun>;
}

/** The commands of the `mapsmith` CLI, by name, in the order `--help` lists them. */
export const commands: Readonly<Record<string, Command>> = {
  serve: {
    summary: 'start the hosted app (API and web app)',
    help: serveHelp,
    load: async () => (await import('./commands/serve.js')).runServe,
  },
  worker: {
    summary: 'start a crawl-worker process (scaled mode, Postgres)',
    help: workerHelp,
    load: async () => (await import('./commands/serve.js')).runWorker,
  },
  migrate: {
    summary: 'bring the database schema up to date',
    help: migrateHelp,
    load: async () => (await import('./commands/migrate.js')).runMigrate,
  },
  backup: {
    summary: "copy the hosted app's database to a file",
    help: backupHelp,
    load: async () => (await import('./commands/backup.js')).runBackup,
  },
  crawl: {
    summary: 'crawl a site and report every URL it met',
    help: crawlHelp,
    load: async () => (await import('./commands/crawl.js')).runCrawl,
  },
  export: {
    summary: 'write sitemap files from a crawl',
    help: exportHelp,
    load: async () => {
      const { runExport } = await import('./commands/export.js');
      return (argv) => runExport(argv);
    },
  },
  validate: {
    summary: 'check a sitemap file or URL',
    help: validateHelp,
    load: async () => {
      const { runValidate } = await import('./commands/validate.js');
      return (argv) => runValidate(argv);
    },
  },
};
