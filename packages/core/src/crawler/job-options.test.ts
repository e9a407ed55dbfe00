import { describe, expect, it } from 'vitest';
import { USER_AGENT } from '../version.js';
import { jobCrawlPlan } from './job-options.js';
import { DEFAULT_CRAWL_OPTIONS } from './options.js';

describe('jobCrawlPlan: how both shells run a stored job', () => {
  it('takes the URL and page cap from the job, over every default', () => {
    const { options, userAgent } = jobCrawlPlan({ url: 'https://a.example/', pageCap: 42 }, {
      maxPages: 7,
    } as never);
    expect(options.startUrl).toBe('https://a.example/');
    expect(options.maxPages).toBe(42);
    expect(options.render).toBe(DEFAULT_CRAWL_OPTIONS.render);
    expect(userAgent).toBeUndefined();
  });

  it("lays the job's settings over the shell's defaults over the crawler's", () => {
    const { options } = jobCrawlPlan(
      { url: 'https://a.example/', pageCap: 10, settings: { maxDepth: 2, render: 'always' } },
      { concurrency: 4, maxDepth: 9, render: 'never', allowLoopback: true },
    );
    expect(options).toMatchObject({
      maxDepth: 2,
      render: 'always',
      concurrency: 4,
      allowLoopback: true,
      perHostConcurrency: DEFAULT_CRAWL_OPTIONS.perHostConcurrency,
    });
  });

  it('renders nothing where the shell has no browser, whatever the job asked', () => {
    const { options } = jobCrawlPlan(
      { url: 'https://a.example/', pageCap: 10, settings: { render: 'always' } },
      { renderAvailable: false },
    );
    expect(options.render).toBe('never');
  });

  it("puts the job's user-agent suffix after our product token", () => {
    const { userAgent } = jobCrawlPlan({
      url: 'https://a.example/',
      pageCap: 10,
      settings: { userAgentSuffix: 'agency-42' },
    });
    expect(userAgent).toBe(`${USER_AGENT} agency-42`);
  });
});
