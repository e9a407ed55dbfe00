/** `mapsmith serve`: the hosted app. Options and help: ../options/serve.ts. */
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { startServer } from '../../server.js';
import { parseOptions, UsageError } from '../args.js';
import { serveOptions } from '../options/serve.js';

/** Starts the hosted app and keeps running until SIGINT or SIGTERM; resolves with the exit code. */
export async function runServe(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, serveOptions);
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
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
