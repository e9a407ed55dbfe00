import { createUrlPolicy } from '@mapsmith/core';
import puppeteer from 'puppeteer-core';
import { createChromiumRenderer } from '../packages/render/src/chromium-renderer.ts';
import { startFixtureSiteProcess } from '../tests/fixtures/site/process.ts';

const site = await startFixtureSiteProcess({ pages: 100, features: ['script'] });
const urls = Array.from({ length: 100 }, (_, i) => `${site.origin}/p/${i + 1}`);
async function mine() {
  const r = createChromiumRenderer({
    policy: createUrlPolicy({ allowLoopback: true }),
    poolSize: 4,
    settle: { idleMs: Number(process.env.IDLE ?? 50) },
  });
  const t = performance.now();
  await Promise.all(
    urls.map((u) =>
      r.render({ url: u, blockMedia: true, timeoutMs: 30000 }).catch((e) => console.log(e.message)),
    ),
  );
  await r.close();
  return (performance.now() - t) / 1000;
}
async function bare() {
  const t = performance.now();
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    pipe: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      const page = await browser.newPage();
      for (let u = queue.shift(); u; u = queue.shift()) {
        await page.goto(u, { waitUntil: 'load' });
        await page.content();
      }
    }),
  );
  await browser.close();
  return (performance.now() - t) / 1000;
}
for (let i = 0; i < Number(process.env.N ?? 3); i++) {
  const b = await bare();
  const m = await mine();
  console.log('bare', b.toFixed(2), 'mine', m.toFixed(2), 'ratio', (b / m).toFixed(2));
}
await site.close();
