#!/usr/bin/env node
import './require-node.js';
import { runProcess } from './cli/commands/serve.js';
import { CONFIG_EXIT_CODE, ConfigError } from './runtime/process-config.js';

/**
 * `node dist/main.js` (`npm start`): a server process as `MAPSMITH_ROLE` says (default `all`,
 * the embedded app on its configured defaults, as `mapsmith serve`).
 */
try {
  process.exitCode = await runProcess('start', process.env);
} catch (err) {
  process.stderr.write(`mapsmith: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = err instanceof ConfigError ? CONFIG_EXIT_CODE : 1;
}
