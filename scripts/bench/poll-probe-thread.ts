// The like-for-like probe's polls from a worker thread of the bench process (session 15): the
// bench's main loop also serves the 20 fixture sites, and a faster crawl keeps it busier, so a
// poll timed there waits for the sites' turns as well as the server's. Run by
// `probePollsInThread` (poll-probe.ts); answers its `ProbeFigures`.
import { parentPort, workerData } from 'node:worker_threads';
import { type ProbeRequest, probePolls } from './poll-probe.js';

parentPort?.postMessage(await probePolls(workerData as ProbeRequest));
