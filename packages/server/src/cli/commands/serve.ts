/** `mapsmith serve` and `mapsmith worker`: a server process. Options and help: ../options/serve.ts. */
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { ConfigError } from '../../runtime/process-config.js';
import { startServer } from '../../server.js';
import { parseOptions, UsageError } from '../args.js';
import { serveOptions, workerOptions } from '../options/serve.js';

/**
 * The role a command runs as, checked against `MAPSMITH_ROLE` when that is set too: `serve` is
 * the API (with the workers in the same process on SQLite, where they cannot be elsewhere),
 * `worker` the crawl workers; `start` (`node dist/main.js`) takes `MAPSMITH_ROLE` as it is.
 */
export function commandRole(
  command: 'serve' | 'worker' | 'start',
  env: NodeJS.ProcessEnv,
): string | undefined {
  const given = env.MAPSMITH_ROLE || undefined;
  if (command === 'start') return given;
  if (command === 'worker') {
    if (given !== undefined && given !== 'worker')
      throw new ConfigError(
        `mapsmith worker runs the crawl workers, but MAPSMITH_ROLE=${given}; unset MAPSMITH_ROLE or use mapsmith serve`,
      );
    return 'worker';
  }
  if (given === 'worker')
    throw new ConfigError(
      'mapsmith serve runs the API, but MAPSMITH_ROLE=worker; unset MAPSMITH_ROLE or use mapsmith worker',
    );
  return given ?? (env.DATABASE_URL ? 'api' : 'all');
}

/**
 * Starts a server process in `env` and keeps it running until SIGINT or SIGTERM; resolves with
 * the exit code.
 */
export async function runProcess(
  command: 'serve' | 'worker' | 'start',
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const role = commandRole(command, env);
  const config = loadConfig({ ...env, MAPSMITH_ROLE: role });
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
    config.role === 'worker'
      ? `Mapsmith worker is running (${config.jobs.workers} crawl workers)${server.url ? `; health at ${server.url}/api/health` : ''}.\n`
      : `Mapsmith is running at ${server.url}\nOpen ${server.url} in your browser.\n`,
  );
  // A worker has no listening socket and its timers are unref'd: while Postgres restarts and
  // no connection is open, nothing else would keep the process alive until the signal.
  const alive = setInterval(() => undefined, 1 << 30);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  clearInterval(alive);
  await server.close();
  return 0;
}

/** `mapsmith serve`: the API and web app; resolves with the exit code. */
export async function runServe(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, serveOptions);
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const env = { ...process.env };
  if (values.port !== undefined) env.PORT = values.port;
  if (values.host !== undefined) env.HOST = values.host;
  if (values['data-dir'] !== undefined) env.MAPSMITH_DATA_DIR = values['data-dir'];
  return runProcess('serve', env);
}

/** `mapsmith worker`: the crawl workers and timed work, on Postgres; resolves with the exit code. */
export async function runWorker(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, workerOptions);
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const env = { ...process.env };
  if (values['health-port'] !== undefined) env.MAPSMITH_HEALTH_PORT = values['health-port'];
  if (values['data-dir'] !== undefined) env.MAPSMITH_DATA_DIR = values['data-dir'];
  return runProcess('worker', env);
}
