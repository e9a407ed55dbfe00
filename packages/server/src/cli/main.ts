#!/usr/bin/env node
import '../require-node.js';
import { VERSION } from '@mapsmith/core';
import { backupHelp, runBackup } from './commands/backup.js';
import { crawlHelp, runCrawl } from './commands/crawl.js';
import { exportHelp, runExport } from './commands/export.js';
import { runServe, serveHelp } from './commands/serve.js';
import { runValidate, validateHelp } from './commands/validate.js';

type Command = { summary: string; run: (argv: string[]) => Promise<number>; help?: string };

/** The commands of the `mapsmith` CLI, by name. */
const commands: Record<string, Command> = {
  serve: { summary: 'start the hosted app (API and web app)', run: runServe, help: serveHelp },
  backup: { summary: "copy the hosted app's database to a file", run: runBackup, help: backupHelp },
  crawl: { summary: 'crawl a site and report every URL it met', run: runCrawl, help: crawlHelp },
  export: { summary: 'write sitemap files from a crawl', run: runExport, help: exportHelp },
  validate: { summary: 'check a sitemap file or URL', run: runValidate, help: validateHelp },
};

const usage = `mapsmith ${VERSION}: crawl a website, write its sitemaps, check existing sitemaps.

Usage: mapsmith <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`)
  .join('\n')}

Run "mapsmith <command> --help" for a command's options.`;

/** Runs the CLI with `argv` (without node and script); resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage}\n`);
    return name === undefined ? 1 : 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`mapsmith: unknown command "${name}"\n\n${usage}\n`);
    return 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.help ?? `mapsmith ${name}: ${command.summary}`}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (err) {
    process.stderr.write(`mapsmith ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
