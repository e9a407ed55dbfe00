#!/usr/bin/env node
// First import: refuses an old Node in one line before anything else loads.
import '../require-node.js';
import { VERSION } from '@mapsmith/core/version';
import { CONFIG_EXIT_CODE, ConfigError } from '../runtime/process-config.js';
import { closeMatch } from './args.js';
import { commands } from './commands.js';

const usage = `mapsmith ${VERSION}: crawl a website, write its sitemaps, check existing sitemaps.

Usage: mapsmith <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`)
  .join('\n')}

Run "mapsmith <command> --help" for a command's options; "mapsmith --version" for the version.`;

/** Runs the CLI with `argv` (without node and script); resolves with the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage}\n`);
    return name === undefined ? 1 : 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    const match = closeMatch(name, Object.keys(commands));
    const hint = match ? `; did you mean ${match}?` : '';
    process.stderr.write(`mapsmith: unknown command "${name}"${hint}\n\n${usage}\n`);
    return 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.help}\n`);
    return 0;
  }
  try {
    return await (await command.load())(rest);
  } catch (err) {
    process.stderr.write(`mapsmith ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    // A refused setting: the process manager should not restart it until someone fixes it.
    return err instanceof ConfigError ? CONFIG_EXIT_CODE : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
