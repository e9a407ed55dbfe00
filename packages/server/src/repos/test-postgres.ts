/** The tests' Postgres (`@mapsmith/app/testing`), re-exported for the server's tests. */
export { testPostgresUrl } from '@mapsmith/app/testing';
