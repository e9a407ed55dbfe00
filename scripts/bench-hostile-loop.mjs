// Preloaded into the server by `npm run bench:hostile` (NODE_OPTIONS=--import): measures, from
// the first second on, how long its event loop was held and how long /api/health took inside
// the server (request parsed to answer sent), and writes the figures as JSON to the file named
// by BENCH_LOOP_FILE when the process exits. Tells the server's share of a slow probe from the
// machine's.
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
// Module loading at start holds the loop too; only the time under load is of interest.
setTimeout(() => histogram.enable(), 1500).unref();
const health = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res, ...rest) {
  if (event === 'request' && req.url === '/api/health') {
    const t0 = performance.now();
    res.once('finish', () => health.push(performance.now() - t0));
  }
  return emit.call(this, event, req, res, ...rest);
};
process.on('exit', () => {
  const ms = (ns) => Math.round(ns / 1e6);
  const figures = {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    healthMax: Math.round(Math.max(0, ...health)),
  };
  if (process.env.BENCH_LOOP_FILE)
    fs.writeFileSync(process.env.BENCH_LOOP_FILE, JSON.stringify(figures));
});
