import type { Logger } from '@mapsmith/core';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';

/**
 * The server's services, built once at start and handed to every router and job. Features add
 * their services here (one field each) rather than reaching for globals.
 */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  logger: Logger;
}
