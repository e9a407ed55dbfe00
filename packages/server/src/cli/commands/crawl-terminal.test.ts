import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { type CliRun, cliCommand, repoRoot, runCli, startCli } from './cli-test-support.js';

const shellQuote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/**
 * Runs `mapsmith <args>` under a pseudo-terminal (util-linux `script`), 120 columns wide, so
 * stdout and stderr are a TTY as in a person's terminal; the output is what the terminal got.
 */
function runInTerminal(args: string[]): Promise<CliRun> {
  const [node, argv] = cliCommand(args);
  const command = `stty cols 120 rows 40; exec ${[node, ...argv].map(shellQuote).join(' ')}`;
  return new Promise((resolve) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: repoRoot,
      env: { ...process.env, MAPSMITH_ALLOW_LOOPBACK: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The terminal's "erase to end of line", shown as `<EL>` so patterns stay readable. */
const visible = (text: string) => text.replaceAll('\x1b[K', '<EL>');
const PROGRESS = /\r\d+ pages, \d+ listed, \d+ queued, \d+\.\d pages\/s, \d+:\d\d {2}\S*<EL>/g;

describe('mapsmith crawl on a terminal', () => {
  let site: FixtureSite;
  let dir: string;
  beforeAll(async () => {
    // Every answer waits, so a crawl lasts long enough to redraw and to be interrupted.
    site = await startFixtureSite({ pages: 300, latencyMs: 40 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-cli-tty-'));
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const crawlArgs = (...more: string[]) => [
    'crawl',
    site.url,
    '--allow-loopback',
    '--render',
    'never',
    '--max-pages',
    '40',
    ...more,
  ];

  it('redraws a progress line in place, then erases it before the summary', async () => {
    const result = await runInTerminal(crawlArgs());
    expect(result.status).toBe(0);
    const shown = visible(result.stdout);
    const lines = shown.match(PROGRESS) ?? [];
    expect(lines.length).toBeGreaterThan(0);
    // Redrawn in place: carriage returns, never a newline between two progress lines.
    expect(shown.slice(0, shown.lastIndexOf('<EL>'))).not.toContain('\n');
    // At most 119 characters on a 120-column terminal: the line never wraps.
    for (const line of lines) expect(line.length).toBeLessThanOrEqual('\r'.length + 119 + 4);
    expect(shown).toMatch(/\r<EL>Crawled 40 pages of /);
  }, 60_000);

  it('shows no progress line with --json, nor when the output is piped', async () => {
    const json = await runInTerminal(crawlArgs('--json'));
    expect(json.status).toBe(0);
    expect(visible(json.stdout)).not.toMatch(/pages\/s|<EL>/);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ pagesCrawled: 40 });
    const piped = await runCli(crawlArgs(), { MAPSMITH_ALLOW_LOOPBACK: '' });
    expect(piped.status).toBe(0);
    expect(piped.stderr).toBe('');
    expect(piped.stdout).toMatch(/^Crawled 40 pages of /);
  }, 60_000);

  it('ends cleanly on Ctrl-C and still writes what it crawled, exiting 130', async () => {
    const out = path.join(dir, 'partial.jsonl');
    const outDir = path.join(dir, 'partial');
    const before = site.totalRequests();
    const { child, done } = startCli(
      [
        'crawl',
        site.url,
        '--allow-loopback',
        '--render',
        'never',
        '--max-pages',
        '300',
        '--concurrency',
        '1',
        '--out',
        out,
        '--out-dir',
        outDir,
        '--formats',
        'xml,txt',
      ],
      { MAPSMITH_ALLOW_LOOPBACK: '' },
    );
    // Mid-crawl: once the site has answered a few pages (a state, not a clock).
    const deadline = Date.now() + 45_000;
    while (site.totalRequests() - before < 8 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGINT');
    const result = await done;
    expect(result.status).toBe(130);
    const crawled = Number(/interrupted after (\d+) pages/.exec(result.stderr)?.[1]);
    expect(result.stderr.trim()).toBe(
      `mapsmith crawl: interrupted after ${crawled} pages; what was crawled is written`,
    );
    expect(crawled).toBeGreaterThan(0);
    expect(crawled).toBeLessThan(300);
    expect(result.stdout).toContain(`Crawled ${crawled} pages of ${site.url}`);
    expect(result.stdout).toContain('(cancelled)');
    const records = fs.readFileSync(out, 'utf8').trim().split('\n');
    expect(records).toHaveLength(crawled);
    const listed = records.filter((line) => JSON.parse(line).verdict.included).length;
    const txt = fs.readFileSync(path.join(outDir, 'sitemap.txt'), 'utf8').trim().split('\n');
    expect(txt).toHaveLength(listed);
    const xml = fs.readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8');
    expect(xml.match(/<url>/g)).toHaveLength(listed);
    expect(result.stdout).toContain(`txt: sitemap.txt, ${listed} URLs`);
  }, 90_000);
});
