/**
 * Vitest global setup: a throwaway Postgres for the whole run, unless one is given
 * (`MAPSMITH_TEST_DATABASE_URL` or `DATABASE_URL`). Its URL reaches the test workers as
 * `MAPSMITH_TEST_DATABASE_URL` (set here, before they fork). When no Postgres can start, the
 * Postgres test kind is skipped and the reason printed; in CI that is an error instead.
 */
import { startThrowawayCluster, whyNoThrowawayCluster } from '@mapsmith/postgres';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.MAPSMITH_TEST_DATABASE_URL || process.env.DATABASE_URL) return undefined;
  const skip = (reason: string) => {
    if (process.env.CI) throw new Error(`Postgres tests cannot run in CI: ${reason}`);
    console.warn(`\n[postgres] Postgres test kind SKIPPED: ${reason}\n`);
    return undefined;
  };
  const why = whyNoThrowawayCluster();
  if (why) return skip(why);
  try {
    const cluster = await startThrowawayCluster();
    process.env.MAPSMITH_TEST_DATABASE_URL = cluster.url;
    return () => cluster.destroy();
  } catch (err) {
    return skip((err as Error).message);
  }
}
