import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the checker is browser-safe', () => {
  it('bundles for the browser with no Node module, and runs from the bundle', async () => {
    const result = await build({
      entryPoints: [path.join(import.meta.dirname, 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/from\s*["']node:|require\(["'](node:)?(fs|zlib|stream|buffer)["']\)/);
    const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
    const r = mod.checkSitemap(
      '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/</loc></url></urlset>',
    );
    expect(r).toMatchObject({ isValid: true, stats: { totalUrls: 1, validUrls: 1 } });
  });
});
