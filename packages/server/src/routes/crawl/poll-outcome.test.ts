import { makePage, schemas } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  seedCompletedJob,
  startTestServer,
  type TestServer,
} from '../../repos/test-support.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

describe('the first polls of a finished job (issue 19: poll floods)', () => {
  it('share one outcome pass however many arrive at once, and all answer it', async () => {
    const { db, repos } = t.server.context;
    const user = await createTestUser(db);
    const pages = Array.from({ length: 300 }, (_, i) => makePage(`https://a.example/p${i}`));
    const jobId = await seedCompletedJob(db, user.id, pages);
    // Counts the passes through the real repository: each one ends by storing its outcome.
    let passes = 0;
    const save = repos.jobs.saveOutcome.bind(repos.jobs);
    repos.jobs.saveOutcome = async (id, outcome) => {
      passes++;
      await save(id, outcome);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call(t.server.url, user, 'GET', `/api/crawl/${jobId}`)),
      );
      const jobs = await Promise.all(
        answers.map(async (res) => schemas.crawlJob.parse(await res.json())),
      );
      expect(passes).toBe(1);
      for (const job of jobs) {
        expect(job.outcome?.endReason).toBe('finished');
        expect(job.resultsTotal).toBe(300);
        expect(job.results).toHaveLength(100);
      }
      // Later polls read the stored outcome.
      await call(t.server.url, user, 'GET', `/api/crawl/${jobId}`);
      expect(passes).toBe(1);
    } finally {
      repos.jobs.saveOutcome = save;
    }
  });
});
