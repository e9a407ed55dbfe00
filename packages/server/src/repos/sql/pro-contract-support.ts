/**
 * The Pro contract suites' helpers now live in the application layer
 * (`@mapsmith/app/testing`); re-exported for the server's tests that still sit here.
 */
export {
  auditListing,
  auditResult,
  holdAudit,
  manualClock,
  openTwoHandles,
  type SeedPage,
  seedCrawlJob,
  seedPages,
  seedUser,
  type TwoHandles,
} from '@mapsmith/app/testing';
