import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { startServer } from '../../server.js';

/** Help text of `mapsmith serve`. */
export const serveHelp = `mapsmith serve [--port N] [--host ADDR] [--data-dir DIR]

Starts the hosted app: the API and the web app, on a SQLite file in the data folder.
Options override PORT, HOST and MAPSMITH_DATA_DIR.`;

/** Starts the hosted app and keeps running until SIGINT or SIGTERM; resolves with the exit code. */
export async function runServe(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' } },
  });
  const env = { ...process.env };
  if (values.port !== undefined) env.PORT = values.port;
  if (values.host !== undefined) env.HOST = values.host;
  if (values['data-dir'] !== undefined) env.MAPSMITH_DATA_DIR = values['data-dir'];
  const config = loadConfig(env);
  const logger = createLogger({ debug: env.MAPSMITH_DEBUG === '1' });
  // Backstop: one stray rejection (a storage error nobody awaited) must not take every user's
  // API down; it is logged for us to fix instead.
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection', {
      error: reason instanceof Error ? reason.message : String(reason),
    });
  });
  const server = await startServer(config, logger);
  process.stdout.write(
    `Mapsmith is running at ${server.url}\nOpen ${server.url} in your browser.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}
