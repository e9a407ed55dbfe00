/** The hosted server as a library, for the CLI and tests. */
export { createApp } from './app.js';
export { loadConfig, type ServerConfig } from './config.js';
export type { AppContext } from './context.js';
export { Database } from './db/database.js';
export { migrate } from './db/migrations/index.js';
export { createLogger } from './logger.js';
export { databaseFile, outboxDir, type RunningServer, startServer } from './server.js';
