import type { SqlDatabase } from '@mapsmith/core';
import { SqlAccountTokenRepository } from './account-tokens.js';
import { SqlApiTokenRepository } from './api-tokens.js';
import { SqlFailureLog } from './failures.js';
import { SqlIndexNowLog } from './indexnow-log.js';
import { SqlPaymentRepository } from './payments.js';
import type { AccountRepositories } from './ports.js';
import { SqlSessionRepository } from './sessions.js';
import { SqlSiteKeyRepository } from './site-keys.js';
import { SqlUserRepository } from './users.js';

/** Every account repository over one database (SQLite or Postgres). */
export function createSqlAccountRepositories(db: SqlDatabase): AccountRepositories {
  return {
    users: new SqlUserRepository(db),
    sessions: new SqlSessionRepository(db),
    accountTokens: new SqlAccountTokenRepository(db),
    apiTokens: new SqlApiTokenRepository(db),
    payments: new SqlPaymentRepository(db),
    siteKeys: new SqlSiteKeyRepository(db),
    indexNowLog: new SqlIndexNowLog(db),
    failures: new SqlFailureLog(db),
  };
}
