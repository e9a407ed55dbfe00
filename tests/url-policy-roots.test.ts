import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productSources, repoRoot as root } from './product-sources.js';

/**
 * The composition roots that build the URL policy (the SSRF guard), once per process: the hosted
 * server at start and its crawl thread (an isolate of its own, built from the same setting), each
 * CLI command that fetches (one command per process), the desktop's main process and its
 * crawler process (one crawl per process). Everything else receives the policy.
 */
const ROOTS = [
  'packages/desktop/src/crawler-process/index.ts',
  'packages/desktop/src/main/services.ts',
  'packages/server/src/cli/commands/crawl.ts',
  'packages/server/src/cli/commands/validate.ts',
  'packages/server/src/jobs/crawl-thread/crawl-thread.ts',
  'packages/server/src/server.ts',
];

const DEFINITION = 'packages/core/src/net/url-policy.ts';

/** Product source files (tests and bench scripts are processes of their own) with their calls. */
function callers(): Map<string, number> {
  const found = new Map<string, number>();
  for (const relative of productSources()) {
    if (relative === DEFINITION) continue;
    const text = fs.readFileSync(path.join(root, relative), 'utf8');
    const calls = text.match(/\bcreateUrlPolicy\s*\(/g)?.length ?? 0;
    if (calls > 0) found.set(relative, calls);
  }
  return found;
}

describe('the URL policy is built in the composition roots only', () => {
  const found = callers();

  it('is called nowhere else: routes, jobs, notifications and handlers receive it', () => {
    expect([...found.keys()].sort()).toEqual(ROOTS);
  });

  it('is built once in each root', () => {
    for (const [file, calls] of found) expect(calls, file).toBe(1);
  });
});
