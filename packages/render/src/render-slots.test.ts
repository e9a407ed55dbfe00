import { describe, expect, it } from 'vitest';
import { RenderSlots } from './render-slots.js';

/** Asks for a slot and records when it is granted (`order`), keeping the release function. */
function ask(
  slots: RenderSlots,
  user: string,
  crawl: string,
  order: string[],
  signal?: AbortSignal,
) {
  const name = `${user}/${crawl}`;
  const granted = slots.acquire({ user, crawl }, signal).then((release) => {
    order.push(name);
    return release;
  });
  return { name, granted };
}

type Asked = ReturnType<typeof ask>;

const turn = () => new Promise((r) => setImmediate(r));

describe('RenderSlots', () => {
  it("one user's several crawls cannot keep another user's pages waiting", async () => {
    const slots = new RenderSlots(2);
    const order: string[] = [];
    // User A runs three crawls of hostile pages, each asking for two slots.
    const a = ['a1', 'a2', 'a3'].flatMap((crawl) => [
      ask(slots, 'A', crawl, order),
      ask(slots, 'A', crawl, order),
    ]);
    await turn();
    // A user holding slots never goes beyond the pool: A has 2, four wait.
    expect(slots.running).toBe(2);
    expect(slots.heldByUser('A')).toBe(2);
    // User B's page starts at once beside them, and B's next page goes before A's waiting ones.
    const b1 = ask(slots, 'B', 'b1', order);
    const b2 = ask(slots, 'B', 'b1', order);
    await turn();
    expect(order).toEqual(['A/a1', 'A/a1', 'B/b1']);
    // A's two renders end: the pool has room for one, and A (holding none) gets it, for its
    // crawl holding none; B (holding one) keeps its share and waits for the next.
    (await (a[0] as Asked).granted)();
    await turn();
    expect(order).toHaveLength(3);
    (await (a[1] as Asked).granted)();
    await turn();
    expect(order.at(-1)).toBe('A/a2');
    (await b1.granted)();
    await turn();
    expect(order.at(-1)).toBe('B/b1');
    // Then A's crawls take turns: a3 (holding none) before a2's second page.
    (await b2.granted)();
    await turn();
    expect(order.at(-1)).toBe('A/a3');
    for (const w of a.slice(2)) (await w.granted)();
    expect(slots.running).toBe(0);
  });

  it('without a user, each crawl is its own party, and a cancelled waiter leaves the line', async () => {
    const slots = new RenderSlots(1);
    const order: string[] = [];
    const first = ask(slots, 'c1', 'c1', order);
    const leaving = new AbortController();
    const gone = ask(slots, 'c1', 'c1', order, leaving.signal);
    const other = ask(slots, 'c2', 'c2', order);
    await turn();
    expect(order).toEqual(['c1/c1', 'c2/c2']);
    leaving.abort(new Error('cancelled'));
    await expect(gone.granted).rejects.toThrow('cancelled');
    (await first.granted)();
    (await other.granted)();
    expect(slots.running).toBe(0);
  });
});
