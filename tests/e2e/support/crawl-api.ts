import { type APIRequestContext, expect } from '@playwright/test';

/** Starts a crawl through the API as the request context's user; answers its job id. */
export async function startCrawlByApi(request: APIRequestContext, url: string): Promise<string> {
  const start = await request.post('/api/crawl', { data: { url } });
  expect(start.ok(), await start.text()).toBe(true);
  return ((await start.json()) as { jobId: string }).jobId;
}

/** A crawl job as `GET /api/crawl/:jobId` answers it (the fields these tests read). */
export interface JobAnswer {
  status: string;
  outcome?: { listed: number; pages: number; urls: number; nothingListed: string | null } | null;
}

/** Waits (by polling the API, no fixed sleep) until the crawl ended; answers the job. */
export async function waitForCrawl(request: APIRequestContext, jobId: string): Promise<JobAnswer> {
  for (;;) {
    const job = (await (await request.get(`/api/crawl/${jobId}`)).json()) as JobAnswer;
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One row of the URL table as the API answers it. */
export interface RowAnswer {
  url: string;
  reason: string;
  verdict: string;
  /** Null when no answer came (blocked, outside the site). */
  status: number | null;
  inlinks: number;
}

/** Every row of a crawl's URL table, read page by page through the cursor. */
export async function allRows(request: APIRequestContext, jobId: string): Promise<RowAnswer[]> {
  const rows: RowAnswer[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await request.get(`/api/crawl/${jobId}/urls?${query}`);
    expect(answer.ok(), await answer.text()).toBe(true);
    const page = (await answer.json()) as { rows: RowAnswer[]; nextCursor: string | null };
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
