#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 --heap-growing-percent=20
// The `mapsmith` command. A committed shim so npm can link it before the first build; the CLI
// itself is compiled TypeScript in ../dist. The young generation is capped at 8 MB: a crawl makes
// short-lived garbage at a steady rate, and V8's default 32 MB semi-spaces plus the response
// buffers they keep alive between scavenges cost a static crawl ~120 MB of RSS for no speed.
// glibc's malloc keeps up to 8 arenas per core for Node's threads (GC helpers, libuv pool):
// two are enough for one busy thread, and cost a 5,000-page crawl ~40 MB less peak RSS.
// The old generation grows 20 % past what the last full collection kept before the next one:
// V8's own factor (up to 4 x, chosen by GC speed) let a 100,000-page crawl's 36 MB live heap
// carry 35-60 MB of dead objects in old space, and the exports more (docs/benchmarks.md).
// Unlike --max-old-space-size this caps no heap: a command holding more (serve, a large
// validate) only collects more often, instead of dying of "heap out of memory".
// These flags are every `mapsmith` command's; bench:crawl reads them from this line.
import { existsSync } from 'node:fs';
import module from 'node:module';

const cli = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('mapsmith: the CLI is not built yet; run `npm run build` first.\n');
  process.exit(2);
}
// V8's code cache on disk: later runs skip compiling the CLI's modules (a CLI should start at once).
module.enableCompileCache?.();
await import(cli.href);
