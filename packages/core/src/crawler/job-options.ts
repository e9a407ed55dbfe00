import { type CrawlSettings, crawlSettingsOptions } from '../contract/crawl-settings.js';
import { USER_AGENT } from '../version.js';
import { type CrawlOptions, DEFAULT_CRAWL_OPTIONS } from './options.js';
import type { RenderMode } from './types.js';

/** What a stored crawl job says about its crawl, in either shell. */
export interface CrawlJobSpec {
  url: string;
  /** The page cap the plan decision gave the job. */
  pageCap: number;
  /** The crawl settings kept on the job (Pro); null or absent: the crawler's defaults. */
  settings?: CrawlSettings | null;
}

/** What a shell adds to every crawl it runs: its own bounds, and what it can render. */
export interface ShellCrawlDefaults extends Partial<Omit<CrawlOptions, 'startUrl' | 'maxPages'>> {
  /**
   * `never` when the shell has no browser (a server run with `MAPSMITH_RENDER=never`): nothing is
   * rendered whatever the job asked; otherwise the job's choice, else the shell's `render`.
   */
  renderAvailable?: boolean;
}

/** The crawler's options and user agent for one job: what both shells run a job with. */
export interface JobCrawlPlan {
  options: CrawlOptions;
  /** The user agent with the job's suffix; undefined: the fetcher's default (`USER_AGENT`). */
  userAgent: string | undefined;
}

/**
 * The one rule both shells apply to run a stored job: the crawler's defaults, then the shell's,
 * then the job's settings; the start URL and page cap from the job; rendering off where the shell
 * cannot render. A user-agent suffix follows our product token, so robots.txt groups for
 * MapsmithBot still match.
 */
export function jobCrawlPlan(job: CrawlJobSpec, shell: ShellCrawlDefaults = {}): JobCrawlPlan {
  const { renderAvailable = true, ...defaults } = shell;
  const settings = job.settings ?? {};
  const chosen = crawlSettingsOptions(settings);
  const render: RenderMode = renderAvailable
    ? (chosen.render ?? defaults.render ?? DEFAULT_CRAWL_OPTIONS.render)
    : 'never';
  return {
    options: {
      ...DEFAULT_CRAWL_OPTIONS,
      ...defaults,
      ...chosen,
      render,
      startUrl: job.url,
      maxPages: job.pageCap,
    },
    userAgent: settings.userAgentSuffix ? `${USER_AGENT} ${settings.userAgentSuffix}` : undefined,
  };
}
