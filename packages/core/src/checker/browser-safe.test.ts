import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Bundles a core entry for the browser; esbuild fails on any Node built-in it cannot resolve. */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  expect(code).not.toMatch(/from\s*["']node:|require\(["'](node:)?(fs|zlib|stream|buffer)["']\)/);
  return code;
}

const load = (code: string) =>
  import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

describe('browser-safe parts of core', () => {
  it('the export formatting and the SEO analysis bundle and run without Node', async () => {
    const exports = await load(await bundle('../export/index.ts'));
    const page = exports.makePage('https://a.example/x?a=1&b=2');
    expect(exports.renderExport('txt', [page])).toBe('https://a.example/x?a=1&b=2\n');
    const seo = await load(await bundle('../seo/index.ts'));
    expect(seo.scoreBand(seo.analyzeSeo([page]).score)).toMatch(/Excellent|Good|Fair|Needs Work/);
  });

  it('the checker bundles for the browser with no Node module, and runs from the bundle', async () => {
    const mod = await load(await bundle('index.ts'));
    const r = mod.checkSitemap(
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
    );
    expect(r).toMatchObject({ isValid: true, stats: { totalUrls: 1, validUrls: 1 } });
  });
});
