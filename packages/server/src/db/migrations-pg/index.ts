/**
 * The Postgres schema steps: the Postgres side of the one schema list of the application layer
 * (`@mapsmith/app`, `app/src/schema/index.ts`), where every step is written once. The
 * schema-parity test (`../schema-parity.test.ts`) compares the two dialects column for column.
 */
export { postgresMigrations } from '@mapsmith/app';
