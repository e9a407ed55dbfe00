import { buildDesktop } from './build';

/** Builds the desktop bundles once before the desktop specs run, so they never test stale output. */
export default function globalSetup(): void {
  buildDesktop();
}
