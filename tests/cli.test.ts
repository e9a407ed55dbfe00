import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../packages/server/bin/mapsmith.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000 });

/** Logs every module the process resolves, as JSON on stderr at exit (a Node resolve hook). */
const moduleLog = `data:text/javascript,${encodeURIComponent(`
import module from 'node:module';
const seen = [];
module.registerHooks({ resolve(specifier, context, next) {
  const result = next(specifier, context); seen.push(result.url); return result; } });
process.on('exit', () => process.stderr.write('MODULES ' + JSON.stringify(seen)));
`)}`;

/** The modules `mapsmith <args>` loads, relative to the repository. */
function modulesLoaded(...args: string[]): string[] {
  const result = spawnSync(process.execPath, ['--import', moduleLog, bin, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const log = /MODULES (.*)$/.exec(result.stderr)?.[1];
  if (!log) throw new Error(`no module log: ${result.stderr}`);
  const root = new URL('..', import.meta.url).href;
  return (JSON.parse(log) as string[]).map((url) => url.replace(root, ''));
}

/** What only a command's run may load: servers, SQLite, the browser driver, HTTP, schemas. */
const HEAVY =
  /node_modules\/(express|sqlite3|puppeteer-core|undici|zod|htmlparser2|nodemailer)\/|packages\/render\/|core\/dist\/index\.js/;

describe('the mapsmith CLI', () => {
  it('lists serve, crawl, export and validate in --help', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    for (const command of ['serve', 'crawl', 'export', 'validate'])
      expect(result.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('refuses an unknown command with a non-zero exit', () => {
    const result = run('frobnicate');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('unknown command "frobnicate"');
  });

  it('shows a command help', () => {
    const result = run('serve', '--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--data-dir');
  });

  it('prints the version, and names the close match of a mistyped command', () => {
    const version = run('--version');
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(run('crwal').stderr).toContain('unknown command "crwal"; did you mean crawl?');
  });

  it('loads no command code for --help, --version or a command help', () => {
    for (const args of [['--help'], ['--version'], ['crawl', '--help'], ['serve', '--help']]) {
      const heavy = modulesLoaded(...args).filter((url) => HEAVY.test(url));
      expect(heavy, args.join(' ')).toEqual([]);
    }
  });

  it('crawl loads the crawl entry point, not the whole core or the contract schemas', () => {
    // A crawl that fails at once (nothing listens on port 9) has loaded what every crawl loads.
    const loaded = modulesLoaded(
      'crawl',
      'http://127.0.0.1:9/',
      '--allow-loopback',
      '--render',
      'never',
    );
    expect(loaded).toContain('packages/core/dist/crawl.js');
    const whole = /core\/dist\/(index|browser)\.js|node_modules\/zod\//;
    expect(loaded.filter((url) => whole.test(url))).toEqual([]);
  });

  it('validate of a file loads the checker, not the fetcher or the rest of the core', () => {
    const file = path.join(os.tmpdir(), `mapsmith-cli-${process.pid}.xml`);
    fs.writeFileSync(
      file,
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
    );
    try {
      const loaded = modulesLoaded('validate', file);
      expect(loaded).toContain('packages/core/dist/checker/index.js');
      expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
