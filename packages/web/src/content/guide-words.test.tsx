import { GUIDE_INFO } from '@mapsmith/core/browser';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GUIDE_BODIES } from './guides/index';

/** The words a reader sees in a guide body, rendered inside a router (bodies use Link). */
async function wordsOf(Body: () => React.ReactNode): Promise<number> {
  const root = createRootRoute({ component: Body });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  const html = renderToString(<RouterProvider router={router} />);
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim();
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

describe('guide read times come from word counts', () => {
  it('each guide states its real word count (within 5 %)', async () => {
    const counted: Record<string, number> = {};
    for (const guide of GUIDE_INFO) {
      counted[guide.slug] = await wordsOf(GUIDE_BODIES[guide.slug] as () => React.ReactNode);
    }
    for (const guide of GUIDE_INFO) {
      const real = counted[guide.slug] ?? 0;
      expect(
        Math.abs(guide.words - real),
        `${guide.slug}: ${JSON.stringify(counted)}`,
      ).toBeLessThanOrEqual(Math.ceil(real * 0.05));
    }
  });
});
