import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { EXPORT_FORMATS, type ExportFile, makePage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLocalJob, seedRunningJob } from './support/seed';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

const CHECK = path.resolve(import.meta.dirname, '../../scripts/check-sitemap.sh');

let desktop: TestDesktop;
let done: string;
let running: string;
beforeAll(async () => {
  desktop = await startTestDesktop();
  const pages = Array.from({ length: 150 }, (_, i) =>
    makePage(`https://shop.example/p/${i}`, {
      title: `Product ${i} & more`,
      lastModified: new Date(Date.UTC(2026, 0, 1 + (i % 28))).toISOString(),
      images: i % 10 === 0 ? [{ src: `https://shop.example/img/${i}.jpg`, alt: 'x' }] : [],
      videos:
        i === 3
          ? [
              {
                contentUrl: 'https://shop.example/v.mp4',
                playerUrl: null,
                thumbnailUrl: 'https://shop.example/v.jpg',
                title: 'Demo',
                description: 'A demo video',
                durationSeconds: 30,
                publicationDate: null,
              },
            ]
          : [],
    }),
  );
  pages.push(
    makePage('https://shop.example/old', {
      status: 301,
      verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> /new' },
    }),
  );
  done = await seedLocalJob(desktop, pages);
  running = await seedRunningJob(desktop, 'https://shop.example/');
});
afterAll(() => desktop.dispose());

async function generate(format: string, compress = false): Promise<ExportFile> {
  const reply = await desktop.dispatch(TEST_ORIGIN, 'export.generate', {
    jobId: done,
    format,
    compress,
  });
  if (!reply.ok) throw new Error(JSON.stringify(reply));
  return reply.value as ExportFile;
}

function text(file: ExportFile): string {
  return new TextDecoder().decode(file.bytes);
}

describe('export.generate from the local results', () => {
  it('writes every format with its file name and type, listing only included pages', async () => {
    for (const format of EXPORT_FORMATS) {
      const file = await generate(format);
      expect(file.fileName, format).toMatch(/^sitemap/);
      expect(file.contentType, format).toMatch(/^(application|text)\//);
      const body = text(file);
      expect(body, format).not.toContain('https://shop.example/old');
      if (format !== 'videos' && format !== 'images' && format !== 'xml-images')
        expect(body, format).toContain('https://shop.example/p/1');
    }
    expect(text(await generate('xml'))).toContain('<urlset');
    expect(text(await generate('videos'))).toContain(
      '<video:content_loc>https://shop.example/v.mp4</video:content_loc>',
    );
    expect(text(await generate('images'))).toContain('https://shop.example/img/10.jpg');
    expect(JSON.parse(text(await generate('json')))).toBeTypeOf('object');
    expect(
      text(await generate('txt'))
        .trim()
        .split('\n'),
    ).toHaveLength(150);
  });

  it("caps RSS at the free plan's 100 items", async () => {
    const rss = text(await generate('rss'));
    expect(rss.match(/<item>/g)).toHaveLength(100);
  });

  it('gzips the sitemap formats when asked, and refuses gzip for the others as hosted', async () => {
    const gz = await generate('xml', true);
    expect(gz.fileName).toBe('sitemap.xml.gz');
    expect(gz.contentType).toBe('application/gzip');
    expect(gunzipSync(gz.bytes).toString()).toContain('<urlset');
    expect(
      await desktop.dispatch(TEST_ORIGIN, 'export.generate', {
        jobId: done,
        format: 'html',
        compress: true,
      }),
    ).toMatchObject({ ok: false, status: 400, body: { code: 'input.invalid' } });
    expect(text(await generate('html'))).toContain('<html');
  });

  it('produces xml-family files that pass the sitemaps.org and Google schemas', async () => {
    const dir = fs.mkdtempSync(path.join(desktop.dataDir, 'xsd-'));
    const files: string[] = [];
    for (const format of ['xml', 'xml-images', 'images', 'videos'] as const) {
      const file = await generate(format, format === 'xml');
      const target = path.join(dir, file.fileName);
      fs.writeFileSync(target, file.bytes);
      files.push(target);
    }
    expect(() => execFileSync('bash', [CHECK, ...files], { encoding: 'utf8' })).not.toThrow();
  });

  it('refuses unfinished and unknown jobs', async () => {
    expect(
      await desktop.dispatch(TEST_ORIGIN, 'export.generate', { jobId: running, format: 'xml' }),
    ).toMatchObject({
      ok: false,
      status: 409,
      body: { error: 'Crawl not finished', code: 'crawl.not-finished' },
    });
    expect(
      await desktop.dispatch(TEST_ORIGIN, 'export.generate', { jobId: 'nope', format: 'xml' }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe('export.save', () => {
  it('writes the export into the folder the user picks, and nothing when they cancel', async () => {
    const folder = path.join(desktop.dataDir, 'chosen');
    desktop.dialogAnswers.push(folder);
    const saved = await desktop.dispatch(TEST_ORIGIN, 'export.save', {
      jobId: done,
      format: 'xml',
      compress: true,
    });
    expect(saved).toEqual({
      ok: true,
      value: { saved: true, path: path.join(folder, 'sitemap.xml.gz') },
    });
    expect(gunzipSync(fs.readFileSync(path.join(folder, 'sitemap.xml.gz'))).toString()).toContain(
      'https://shop.example/p/149',
    );
    desktop.dialogAnswers.push(null);
    expect(
      await desktop.dispatch(TEST_ORIGIN, 'export.save', { jobId: done, format: 'txt' }),
    ).toEqual({
      ok: true,
      value: { saved: false, path: null },
    });
    expect(fs.readdirSync(folder)).toEqual(['sitemap.xml.gz']);
  });
});

describe('checker.openFile', () => {
  it('reads the sitemap the user picks, gzip or not, and refuses what is not a file', async () => {
    const plain = path.join(desktop.dataDir, 'local-sitemap.xml');
    fs.writeFileSync(plain, '<?xml version="1.0"?><urlset/>');
    desktop.dialogAnswers.push(plain);
    expect(await desktop.dispatch(TEST_ORIGIN, 'checker.openFile', {})).toEqual({
      ok: true,
      value: { fileName: 'local-sitemap.xml', content: '<?xml version="1.0"?><urlset/>' },
    });
    const folder = path.join(desktop.dataDir, 'chosen');
    desktop.dialogAnswers.push(path.join(folder, 'sitemap.xml.gz'));
    const gz = await desktop.dispatch(TEST_ORIGIN, 'checker.openFile', {});
    expect(gz.ok && (gz.value as { content: string }).content).toContain('<urlset');
    desktop.dialogAnswers.push(desktop.dataDir);
    expect(await desktop.dispatch(TEST_ORIGIN, 'checker.openFile', {})).toMatchObject({
      ok: false,
      status: 400,
    });
    desktop.dialogAnswers.push(null);
    expect(await desktop.dispatch(TEST_ORIGIN, 'checker.openFile', {})).toEqual({
      ok: true,
      value: { fileName: null, content: null },
    });
  });
});
