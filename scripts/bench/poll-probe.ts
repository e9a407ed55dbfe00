// The like-for-like poll of bench:bulk (session 14, POLL4, docs/benchmarks.md "Like for like"):
// at a fixed point of the crawl (a share of the list's pages crawled, not a time: the trees
// crawl at different speeds, so a fixed time would catch them at different points of the list,
// with different numbers of sites left), a fixed number of `GET /api/crawl/{id}` at a fixed
// concurrency, each on an already-open keep-alive connection, at sites not finished (crawling
// or waiting for a worker: the poll reads the same rows for both; a fixture site crawls in about
// a second, too fast to keep polling only the two to four crawling at once). The
// run's own polls (one per running site every 2 s) mix crowded and quiet ticks in proportions
// that depend on the crawl's speed, so their p50 does not compare two trees. Each poll carries
// `x-bench-probe: <concurrency>` for scripts/bench/poll-phases.cjs to time it in the server.
import http from 'node:http';
import { Worker } from 'node:worker_threads';

export interface ProbeFigures {
  concurrency: number;
  p50: number;
  p99: number;
  /** Timed polls (answers from a job that has finished are left out: its first read is dearer). */
  polls: number;
  /** Timed polls that had to open a connection (0 when every one reused a kept-alive one). */
  fresh: number;
}

/** What a probe polls: `count` polls of `jobIds`, `concurrency` at a time, as `cookie`'s user. */
export interface ProbeRequest {
  serverUrl: string;
  cookie: string;
  jobIds: string[];
  concurrency: number;
  count: number;
}

const at = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

interface Answer {
  ms: number;
  reused: boolean;
  status: string;
}

function poll(
  agent: http.Agent,
  base: URL,
  cookie: string,
  jobId: string,
  concurrency: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: `/api/crawl/${jobId}`,
        headers: { cookie, 'x-bench-probe': String(concurrency) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t0;
          if (res.statusCode !== 200) {
            reject(new Error(`GET /api/crawl/${jobId}: ${res.statusCode}`));
            return;
          }
          const { status } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            status: string;
          };
          resolve({ ms, reused: req.reusedSocket, status });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

const finished = (status: string) => status === 'completed' || status === 'failed';

/**
 * `count` polls, `concurrency` at a time, spread over `jobIds` (sites not finished when the probe
 * started). The connections are opened first by one untimed poll each.
 */
export async function probePolls(request: ProbeRequest): Promise<ProbeFigures> {
  const { serverUrl, cookie, jobIds, concurrency, count } = request;
  const base = new URL(serverUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const running = [...jobIds];
  let next = 0;
  const pick = () => running[next++ % running.length] ?? '';
  try {
    await Promise.all(
      Array.from({ length: concurrency }, () => poll(agent, base, cookie, pick(), concurrency)),
    );
    const timed: Answer[] = [];
    let left = count;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left > 0 && running.length > 0) {
          left--;
          const jobId = pick();
          const answer = await poll(agent, base, cookie, jobId, concurrency);
          if (!finished(answer.status)) {
            timed.push(answer);
            continue;
          }
          left++;
          if (running.includes(jobId)) running.splice(running.indexOf(jobId), 1);
        }
      }),
    );
    const ms = timed.map((a) => a.ms);
    return {
      concurrency,
      p50: at(ms, 50),
      p99: at(ms, 99),
      polls: timed.length,
      fresh: timed.filter((a) => !a.reused).length,
    };
  } finally {
    agent.destroy();
  }
}

/**
 * {@link probePolls} from a worker thread of its own (`poll-probe-thread.ts`), so the polls are
 * timed on a loop that serves nothing else: the bench's main loop serves the fixture sites.
 */
export function probePollsInThread(request: ProbeRequest): Promise<ProbeFigures> {
  const thread = new Worker(new URL('./poll-probe-thread.ts', import.meta.url), {
    workerData: request,
    execArgv: ['--import', 'tsx'],
  });
  return new Promise<ProbeFigures>((resolve, reject) => {
    thread.once('message', (figures: ProbeFigures) => {
      resolve(figures);
      void thread.terminate();
    });
    thread.once('error', reject);
  });
}
