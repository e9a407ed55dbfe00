/**
 * The test databases of the contract suites now live in the application layer
 * (`@mapsmith/app/testing`); re-exported for the server's tests.
 */
export {
  openTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '@mapsmith/app/testing';
