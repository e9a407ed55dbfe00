// A preload timing the like-for-like probe's polls inside a spawned server (session 14, POLL4,
// docs/benchmarks.md "Like for like"): `POLL_PHASES_OUT=/tmp/x.jsonl NODE_OPTIONS="--require
// $PWD/scripts/bench/poll-phases.cjs" npm run bench:bulk`. In the built server's process only,
// for each request carrying `x-bench-probe` (scripts/bench/poll-probe.ts sends it), it records
// `request` to `finish` and each SQLite call made for it (sqlite3's statement `all`, `get`,
// `run`, and `exec`: call to callback, by statement), and over the probe's window (while a
// probe poll is in flight) the event loop's utilisation and delay and the SQLite calls of
// everything else (the crawl's); and beside each poll, an fs.stat and a setImmediate from its
// `request` event to their callbacks (a round trip through the thread pool; the loop alone). The wait before `request`
// is not seen here (the HTTP parser reads the socket in C++, no 'data' event): it is the
// client's time less the handler's. Appends one JSON line to POLL_PHASES_OUT at exit.
const { AsyncLocalStorage } = require('node:async_hooks');
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const out = process.env.POLL_PHASES_OUT;
const isServer = /server[/\\]dist[/\\]main\.js$/.test(process.argv[1] ?? '');

if (out && isServer) {
  const als = new AsyncLocalStorage();
  const polls = [];
  let inFlight = 0;
  const probes = { stat: [], immediate: [] };
  // The other SQLite calls (the crawl's) made while a probe poll is in flight, by statement.
  const others = new Map();
  // The loop's delay (how long a ready callback waits for the turn in progress), sampled only
  // while a probe poll is in flight.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let inWindowMs = 0;
  let windowFrom = 0;
  let elu0 = null;
  let elu = null;

  // The server's own sqlite3 (the preload may sit in another checkout than the server).
  const sqlite3 = require(require.resolve('sqlite3', { paths: [path.dirname(process.argv[1])] }));
  // Every statement runs through `Statement`'s `all`, `get` or `run` (the `Database` methods make
  // a one-off statement and call them; a cache of prepared statements calls them directly).
  const timed = (proto, name, sqlOf) => {
    const original = proto[name];
    proto[name] = function (...args) {
      const poll = als.getStore();
      const last = args.length - 1;
      if ((poll || inFlight > 0) && typeof args[last] === 'function') {
        const cb = args[last];
        const t0 = performance.now();
        const sql = String(sqlOf(this, args)).replace(/\s+/g, ' ').slice(0, 60);
        args[last] = function (...r) {
          const ms = performance.now() - t0;
          if (poll) poll.sql.push({ sql, ms });
          else others.set(sql, [...(others.get(sql) ?? []), ms]);
          return cb.apply(this, r);
        };
      }
      return original.apply(this, args);
    };
  };
  for (const name of ['all', 'get', 'run'])
    timed(sqlite3.Statement.prototype, name, (st) => st.sql);
  timed(sqlite3.Database.prototype, 'exec', (_db, args) => args[0]);

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    const [req, res] = args;
    if (event !== 'request' || !req.headers['x-bench-probe'])
      return emit.call(this, event, ...args);
    const poll = { requestAt: performance.now(), sql: [] };
    // Two round trips beside the poll's, for comparison: one through the thread pool and back to
    // the loop (an fs.stat), one through the loop alone (a setImmediate).
    const tStat = performance.now();
    fs.stat(__filename, () => probes.stat.push(performance.now() - tStat));
    setImmediate(() => probes.immediate.push(performance.now() - tStat));
    elu0 ??= performance.eventLoopUtilization();
    if (inFlight++ === 0) {
      delay.enable();
      windowFrom = performance.now();
    }
    res.on('finish', () => {
      if (--inFlight === 0) {
        delay.disable();
        inWindowMs += performance.now() - windowFrom;
      }
      polls.push({
        concurrency: Number(req.headers['x-bench-probe']),
        handler: performance.now() - poll.requestAt,
        sqlCalls: poll.sql.length,
        sqlMs: poll.sql.reduce((s, q) => s + q.ms, 0),
        sql: poll.sql,
      });
      elu = performance.eventLoopUtilization(elu0);
    });
    return als.run(poll, () => emit.call(this, event, ...args));
  };

  const at = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  };
  const r1 = (n) => Math.round(n * 10) / 10;
  process.on('exit', () => {
    const probe = {};
    for (const c of new Set(polls.map((p) => p.concurrency))) {
      const these = polls.filter((p) => p.concurrency === c);
      const fig = (f) => ({ p50: r1(at(these.map(f), 0.5)), p99: r1(at(these.map(f), 0.99)) });
      const statements = [...new Set(these.flatMap((p) => p.sql.map((q) => q.sql)))];
      probe[c] = {
        n: these.length,
        handlerMs: fig((p) => p.handler),
        sqlCalls: fig((p) => p.sqlCalls),
        sqlMs: fig((p) => p.sqlMs),
        byStatement: Object.fromEntries(
          statements.map((sql) => {
            const ms = these.flatMap((p) => p.sql.filter((q) => q.sql === sql).map((q) => q.ms));
            return [sql, { n: ms.length, p50: r1(at(ms, 0.5)) }];
          }),
        ),
      };
    }
    const line = {
      probe,
      windowBusy: elu ? Math.round(elu.utilization * 1000) / 1000 : null,
      inFlightMs: Math.round(inWindowMs),
      statMs: { p50: r1(at(probes.stat, 0.5)), p99: r1(at(probes.stat, 0.99)) },
      immediateMs: { p50: r1(at(probes.immediate, 0.5)), p99: r1(at(probes.immediate, 0.99)) },
      loopDelayMs: {
        p50: r1(delay.percentile(50) / 1e6),
        p99: r1(delay.percentile(99) / 1e6),
        max: r1(delay.max / 1e6),
      },
      otherSql: Object.fromEntries(
        [...others].map(([sql, ms]) => [sql, { n: ms.length, p50: r1(at(ms, 0.5)) }]),
      ),
    };
    fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
