import { call, type TestServer, type TestUser } from '../repos/test-support.js';

/**
 * Makes the schedule due now and drives the scheduler until its run has ended and its
 * after-run actions are done; answers the run's job id.
 */
export async function runSchedule(t: TestServer, u: TestUser, id: string): Promise<string> {
  const { db, schedules } = t.server.context;
  await db.run('UPDATE crawl_schedules SET next_run_ms = ? WHERE id = ?', [Date.now() - 1000, id]);
  await schedules.runNow();
  const started = await db.first<{ running_job_id: string }>(
    'SELECT running_job_id FROM crawl_schedules WHERE id = ?',
    [id],
  );
  const jobId = started?.running_job_id ?? '';
  if (!/^[0-9a-f-]{36}$/.test(jobId)) throw new Error(`the scheduled run did not start: ${jobId}`);
  const end = Date.now() + 20_000;
  for (;;) {
    const res = await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`);
    const job = (await res.json()) as { status: string };
    if (job.status === 'completed' || job.status === 'failed') break;
    if (Date.now() > end) throw new Error('the scheduled crawl did not end');
    await new Promise((r) => setTimeout(r, 100));
  }
  await schedules.runNow();
  return jobId;
}
