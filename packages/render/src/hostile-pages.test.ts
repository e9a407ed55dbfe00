import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUrlPolicy } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderSite, startRenderSite } from '../../../tests/fixtures/render-site.js';
import { crawlFixture } from '../../../tests/fixtures/site/crawl-helper.js';
import { type ChromiumRenderer, createChromiumRenderer } from './chromium-renderer.js';

const policy = createUrlPolicy({ allowLoopback: true });

/** Every file under `dir` (recursively), with its size. */
function filesUnder(dir: string): { file: string; size: number }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return { file, size: fs.statSync(file).size };
    });
}

/** Renderer processes (`--type=renderer`) descending from the browser `pid`. */
function rendererPids(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      try {
        if (fs.readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('--type=renderer')) out.push(c);
      } catch {}
      walk(c);
    }
  };
  walk(pid);
  return out;
}

/** CPU seconds used so far by `pids` (user + system). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const p of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks / 100;
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe('hostile pages in a rendering crawl', () => {
  let site: RenderSite;
  let renderer: ChromiumRenderer;
  const downloads = path.join(os.homedir(), 'Downloads');
  const downloadsBefore = filesUnder(downloads).length;
  beforeAll(async () => {
    site = await startRenderSite({ docs: 1, blogs: 1, hostile: true });
    renderer = createChromiumRenderer({ policy, poolSize: 2, maxRenderMs: 6000 });
  });
  afterAll(async () => {
    await renderer.close();
    await site.close();
  });

  it('finishes, writes nothing, keeps no renderer busy, and credits no page with another', async () => {
    const crawl = await crawlFixture(`${site.origin}/`, { render: 'always' }, { renderer });
    expect(crawl.summary.endedBy).toBe('finished');
    expect(crawl.listed).toEqual(site.expectedListed);
    // The downloads were asked for, and denied: no file in HOME/Downloads nor in the profile.
    expect(site.hits('/files/big.bin')).toBeGreaterThan(0);
    expect(filesUnder(downloads).length).toBe(downloadsBefore);
    const profile = renderer.profileDir() as string;
    const written = filesUnder(profile).filter(
      (f) => /big|crdownload|Unconfirmed/i.test(f.file) || f.size === 2 * 1024 * 1024,
    );
    expect(written).toEqual([]);
    // A page that left during its render keeps its own title and links.
    const leave = crawl.pages.get(`${site.origin}/hostile/leave`);
    expect(leave?.title).toBe('Hostile leave');
    expect(leave?.renderReason).toMatch(
      /render failed \(the page tried to leave for .*\/about\?left/,
    );
    expect(crawl.pages.get(`${site.origin}/hostile/spin`)?.renderReason).toMatch(/render failed/);
    // No popup survives, and no renderer of a finished render keeps running.
    const pid = renderer.browserPid() as number;
    expect(await until(() => rendererPids(pid).length <= 2, 20_000)).toBe(true);
    const pids = rendererPids(pid);
    const before = cpuSeconds(pids);
    await new Promise((r) => setTimeout(r, 2000));
    expect(cpuSeconds(pids) - before).toBeLessThan(0.5);
  }, 120_000);
});

describe('render slots', () => {
  it("serve one user's normal page while another user's five crawls spin, and cancel waiting renders", async () => {
    const site = await startRenderSite({ docs: 1, blogs: 1, hostile: true });
    // Bounds far off: the spinning pages must still hold their slots when the normal one ends.
    const renderer = createChromiumRenderer({
      policy,
      poolSize: 2,
      maxRenderMs: 120_000,
      maxRenderCpuMs: 120_000,
    });
    const hostile = new AbortController();
    try {
      const spin = `${site.origin}/hostile/spin`;
      // One user, five crawls: together they get the pool's two slots, not one each.
      const spinning = Array.from({ length: 5 }, (_, i) =>
        renderer
          .render({
            url: spin,
            blockMedia: true,
            timeoutMs: 120_000,
            owner: `hostile-crawl-${i}`,
            user: 'user:1',
            signal: hostile.signal,
          })
          .then(
            () => 'rendered',
            () => 'failed',
          ),
      );
      let settled = 0;
      for (const s of spinning) s.then(() => settled++);
      await until(() => site.hits('/hostile/spin') >= 2, 30_000);
      const normal = await renderer.render({
        url: `${site.origin}/about`,
        blockMedia: true,
        timeoutMs: 60_000,
        owner: 'normal-crawl',
        user: 'user:2',
      });
      expect(normal.html).toContain('<title>About</title>');
      expect(settled).toBe(0);
      hostile.abort(new Error('crawl cancelled'));
      expect(await Promise.all(spinning)).toEqual(Array(5).fill('failed'));
      // Only two ever started: the three waiting ones left the queue when cancelled.
      expect(site.hits('/hostile/spin')).toBe(2);
    } finally {
      hostile.abort();
      await renderer.close();
      await site.close();
    }
  }, 120_000);
});

describe('the CPU budget of a render', () => {
  it('stops a page that spins once it has used its CPU time, long before the wall-clock bound', async () => {
    const site = await startRenderSite({ docs: 1, blogs: 1, hostile: true });
    const renderer = createChromiumRenderer({
      policy,
      poolSize: 1,
      maxRenderMs: 90_000,
      maxRenderCpuMs: 1000,
    });
    try {
      const spin = renderer.render({
        url: `${site.origin}/hostile/spin`,
        blockMedia: true,
        timeoutMs: 90_000,
      });
      await expect(spin).rejects.toThrow('the page used more than 1 s of CPU time');
      // The tab is closed with it: the next render gets a fresh one and works.
      const next = await renderer.render({
        url: `${site.origin}/about`,
        blockMedia: true,
        timeoutMs: 30_000,
      });
      expect(next.html).toContain('<title>About</title>');
      const pid = renderer.browserPid() as number;
      const before = cpuSeconds(rendererPids(pid));
      await new Promise((r) => setTimeout(r, 1000));
      expect(cpuSeconds(rendererPids(pid)) - before).toBeLessThan(0.3);
    } finally {
      await renderer.close();
      await site.close();
    }
  }, 120_000);
});

describe('popups', () => {
  it('are closed as soon as a page opens one', async () => {
    const { launchBrowser } = await import('./browser-launch.js');
    const { browser, userDataDir } = await launchBrowser({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      proxyUrl: 'http://127.0.0.1:9',
    });
    try {
      const page = await browser.newPage();
      await page.goto('data:text/html,<title>opener</title>');
      // puppeteer's evaluate counts as a user gesture, so the popup blocker lets one through.
      const opened = await page.evaluate(`window.open('about:blank', '_blank') !== null`);
      expect(opened).toBe(true);
      let pages = (await browser.pages()).length;
      for (let i = 0; i < 100 && pages > 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
        pages = (await browser.pages()).length;
      }
      expect(pages).toBe(1);
    } finally {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
