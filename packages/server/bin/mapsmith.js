#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=8
// The `mapsmith` command. A committed shim so npm can link it before the first build; the CLI
// itself is compiled TypeScript in ../dist. The young generation is capped at 8 MB: a crawl makes
// short-lived garbage at a steady rate, and V8's default 32 MB semi-spaces plus the response
// buffers they keep alive between scavenges cost a static crawl ~120 MB of RSS for no speed.
// glibc's malloc keeps up to 8 arenas per core for Node's threads (GC helpers, libuv pool):
// two are enough for one busy thread, and cost a 5,000-page crawl ~40 MB less peak RSS.
// A crawl into the spill store also has V8 collect its old generation every 20 % of growth, set
// by the crawl command when it picks that store (cli/commands/crawl-heap.ts), not here: small
// crawls would pay it in CPU.
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
