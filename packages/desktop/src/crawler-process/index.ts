// The crawler process's entry. It turns on V8's code cache on disk before the crawl's modules
// load, then loads them (`run.ts`): a process per crawl would otherwise compile the whole bundle
// again at every crawl, as the CLI did before its shim did the same (server/bin/mapsmith.js).
import module from 'node:module';

module.enableCompileCache?.();
void import('./run');
