// A preload for measuring a spawned server under a benchmark (session 13, docs/benchmarks.md,
// "Poll latency"): `LOOP_PROBE_OUT=/tmp/x.jsonl NODE_OPTIONS="--require
// $PWD/scripts/bench/loop-probe.cjs" npm run bench:bulk`. In the built server's process only,
// it records the event-loop delay and utilisation, the young-generation collections (time and
// bytes promoted to the old space; the other collections; the new space's largest size), the
// process's peak RSS, and each `GET /api/crawl/{id}` from the `request` event to
// `finish`, and appends one JSON line to LOOP_PROBE_OUT when the process exits.
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const fs = require('node:fs');
const http = require('node:http');
const v8 = require('node:v8');

const out = process.env.LOOP_PROBE_OUT;
const isServer = /server[/\\]dist[/\\]main\.js$/.test(process.argv[1] ?? '');

if (out && isServer) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const gc = new v8.GCProfiler();
  gc.start();
  const busy0 = performance.eventLoopUtilization();
  const polls = [];
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    const [req, res] = args;
    if (event === 'request' && req.method === 'GET' && /^\/api\/crawl\/[^/?]+$/.test(req.url)) {
      const t0 = performance.now();
      res.on('finish', () => polls.push(performance.now() - t0));
    }
    return emit.call(this, event, ...args);
  };
  const ms = (ns) => Math.round(ns / 1e5) / 10;
  const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const spaceSize = (stats, name) =>
    stats.heapSpaceStatistics.find((s) => s.spaceName === name)?.spaceSize ?? 0;
  const oldSpace = (stats) =>
    stats.heapSpaceStatistics.find((s) => s.spaceName === 'old_space')?.spaceUsedSize ?? 0;
  process.on('exit', () => {
    delay.disable();
    let scavengeUs = 0;
    let scavenges = 0;
    let promoted = 0;
    let oldGcUs = 0;
    let oldGcs = 0;
    let newSpace = 0;
    for (const g of gc.stop().statistics) {
      newSpace = Math.max(newSpace, spaceSize(g.beforeGC, 'new_space'));
      if (g.gcType !== 'Scavenge') {
        oldGcUs += g.cost;
        oldGcs += 1;
        continue;
      }
      scavengeUs += g.cost;
      scavenges += 1;
      promoted += oldSpace(g.afterGC) - oldSpace(g.beforeGC);
    }
    const sorted = polls.sort((a, b) => a - b);
    const cpu = process.cpuUsage();
    const line = {
      loopDelayMs: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      },
      loopBusy: Math.round(performance.eventLoopUtilization(busy0).utilization * 1000) / 1000,
      scavengeMs: Math.round(scavengeUs / 1000),
      scavenges,
      promotedMb: Math.round(promoted / 1048576),
      oldGcMs: Math.round(oldGcUs / 1000),
      oldGcs,
      newSpaceMb: Math.round(newSpace / 1048576),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      pollHandlerMs: {
        n: sorted.length,
        p50: Math.round(at(sorted, 0.5)),
        p99: Math.round(at(sorted, 0.99)),
      },
      cpuS: Math.round((cpu.user + cpu.system) / 1e5) / 10,
    };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
