import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { createClient as generateClient } from '@hey-api/openapi-ts';
import type { JsonSchema, OpenApiDocument } from '@mapsmith/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { createTestUser, startTestServer, type TestServer } from '../../repos/test-support.js';

/**
 * The published document proven by a real client: `@hey-api/openapi-ts` generates a fetch SDK
 * from what the running server serves at /api/openapi.json; the calls of
 * test-fixtures/openapi-client-flow.ts are typechecked against that SDK and then run with a
 * Pro API token (start a crawl, poll it, page its URL table, download its sitemaps). Every
 * answer is checked against the document: its status and media type are listed, and a JSON
 * body fits the schema given for that status.
 */

// The flow compiles only beside the generated SDK, so this test sees it through these shapes.
interface Answer {
  data?: unknown;
  error?: unknown;
  response?: Response;
}
interface Download {
  type: string | null;
  bytes: Uint8Array;
}
interface FlowContext {
  baseUrl: string;
  siteUrl: string;
  sessionCookie: string;
  check(operation: string, answer: Answer): void;
}
type Row = { id: number; url: string; reason: string };
interface FlowModule {
  proJob(ctx: FlowContext): Promise<{
    job?: { status: string };
    rate: { limit: string | null; before: string | null; after: string | null };
    rows: Row[];
    total: number;
    pages: number;
    excludedRows: Row[];
    charts: { total: number; depths: { depth: number; count: number }[] } | undefined;
    startPageRows: Row[];
    xml: Download;
    gzip: Download;
    txt: Download;
    csv: Download;
    share: {
      path: string;
      token: string;
      listed: { state: string; token?: string }[];
      revoked: string | undefined;
    };
  }>;
  errorAnswers(
    ctx: FlowContext,
  ): Promise<Record<string, { status: number; error: unknown; remaining: string | null }>>;
}

const FLOW = fileURLToPath(
  new URL('../../../test-fixtures/openapi-client-flow.ts', import.meta.url),
);

let t: TestServer;
let site: FixtureSite;
let outDir: string;
let doc: OpenApiDocument;
let flow: FlowModule;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

/** Type errors of the flow compiled beside the generated SDK, strict, as one text. */
function typeErrors(file: string): string {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  return ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => outDir,
    getNewLine: () => '\n',
  });
}

beforeAll(async () => {
  [t, site] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 8, features: ['redirects', 'noindex'] }),
  ]);
  const docUrl = `${t.server.url}/api/openapi.json`;
  doc = (await (await fetch(docUrl)).json()) as OpenApiDocument;
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-generated-client-'));
  await generateClient({
    input: docUrl,
    output: outDir,
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  });
  fs.copyFileSync(FLOW, path.join(outDir, 'flow.ts'));
});

afterAll(async () => {
  await Promise.all([t?.close(), site?.close()]);
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** Checks an answer against the document's operation `name` (contract name = operationId). */
function check(name: string, answer: Answer): void {
  const op = Object.values(doc.paths)
    .flatMap((methods) => Object.values(methods))
    .find((o) => o.operationId === name);
  expect(op, `${name} is not in the document`).toBeDefined();
  if (!answer.response) throw new Error(`${name} got no response`);
  const status = String(answer.response.status);
  const response = op?.responses[status];
  expect(response, `${name} answered ${status}, which the document does not list`).toBeDefined();
  const type = answer.response.headers.get('content-type')?.split(';')[0] ?? '';
  const media = response?.content?.[type];
  expect(media, `${name} answered ${type}, which the document does not list`).toBeDefined();
  const schema = media?.schema as JsonSchema | undefined;
  if (!schema || schema.format === 'binary') return;
  const validate = ajv.compile(schema);
  const body = answer.error ?? answer.data;
  expect(validate(body), `${name} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

async function context(): Promise<FlowContext> {
  const pro = await createTestUser(t.server.context.db, { pro: true });
  return { baseUrl: t.server.url, siteUrl: site.url, sessionCookie: pro.cookie, check };
}

const text = (file: Download) => new TextDecoder().decode(file.bytes);

describe('a client generated from /api/openapi.json, with a Pro API token', () => {
  it('compiles the calls made with it, strict, against the generated types', async () => {
    expect(typeErrors(path.join(outDir, 'flow.ts'))).toBe('');
    flow = (await import(pathToFileURL(path.join(outDir, 'flow.ts')).href)) as FlowModule;
  });

  it('starts a crawl, polls it, pages its URLs and downloads its sitemaps and report', async () => {
    const run = await flow.proJob(await context());
    expect(run.job?.status).toBe('completed');
    expect(Number(run.rate.limit)).toBe(
      doc.components.securitySchemes.apiToken['x-requests-per-hour'],
    );
    expect(Number(run.rate.after)).toBe(Number(run.rate.before) - 1);

    expect(run.pages).toBeGreaterThan(1);
    expect(run.rows).toHaveLength(run.total);
    expect(new Set(run.rows.map((r) => r.id)).size).toBe(run.total);
    const listed = run.rows.filter((r) => r.reason === 'listed').map((r) => r.url);
    expect(listed.sort()).toEqual([...site.expectedStaticSitemapUrls].sort());
    expect(run.excludedRows).toHaveLength(run.total - listed.length);
    expect(run.excludedRows.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['redirect', 'noindex']),
    );
    expect(run.charts?.depths[0]).toEqual({ depth: 0, orMore: false, count: 1 });
    expect(run.startPageRows.map((r) => r.url)).toEqual([site.url]);

    expect(run.xml.type).toMatch(/^application\/xml/);
    const sitemap = text(run.xml);
    for (const url of site.expectedStaticSitemapUrls)
      expect(sitemap).toContain(`<loc>${url}</loc>`);
    expect(run.gzip.type).toBe('application/gzip');
    expect(gunzipSync(run.gzip.bytes).toString()).toBe(sitemap);
    expect(text(run.txt).trim().split('\n').sort()).toEqual(
      [...site.expectedStaticSitemapUrls].sort(),
    );
    expect(run.csv.type).toMatch(/^text\/csv/);
    expect(text(run.csv)).toContain('URL,Status,Verdict');

    expect(run.share.path).toBe(`/r/${run.share.token}`);
    expect(run.share.listed).toEqual([expect.objectContaining({ state: 'live' })]);
    expect(run.share.listed[0]?.token).toBeUndefined();
    expect(run.share.revoked).toBe('revoked');
    expect((await fetch(`${t.server.url}${run.share.path}`)).status).toBe(404);
  });

  it('meets the documented error answers with their stable codes', async () => {
    const answers = await flow.errorAnswers(await context());
    expect(answers.unknownCrawl).toMatchObject({ status: 404, error: { code: 'crawl.not-found' } });
    expect(answers.unknownCrawl?.remaining).not.toBeNull();
    expect(answers.badQuery).toMatchObject({
      status: 400,
      error: { code: 'report.filter-invalid' },
    });
    expect(answers.wrongToken).toMatchObject({
      status: 401,
      error: { code: 'auth.token-invalid' },
    });
    expect(answers.tokenForSessionCall).toMatchObject({
      status: 403,
      error: { code: 'auth.session-required' },
    });
  });
});
