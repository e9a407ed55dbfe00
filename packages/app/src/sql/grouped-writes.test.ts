import { describe, expect, it } from 'vitest';
import { GroupedWrites } from './grouped-writes.js';

/** A writer whose groups are held until `release()`, recording each group it was given. */
function heldWriter(fails: (n: number) => boolean = () => false) {
  const groups: number[][] = [];
  let release: () => void = () => {};
  const writeGroup = async (writes: number[]): Promise<string[]> => {
    groups.push(writes);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    if (writes.some(fails)) throw new Error(`group ${writes.join(',')} failed`);
    return writes.map((n) => `wrote ${n}`);
  };
  return { groups, writeGroup, release: () => release() };
}

/** Lets the microtasks and one turn of the loop run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupedWrites', () => {
  it('writes a write asked when none is under way at once, alone', async () => {
    const writer = heldWriter();
    const writes = new GroupedWrites(writer.writeGroup);
    const one = writes.add(1);
    await turn();
    expect(writer.groups).toEqual([[1]]);
    writer.release();
    await expect(one).resolves.toBe('wrote 1');
  });

  it('sends the writes asked meanwhile together, in the order asked, each answered once written', async () => {
    const writer = heldWriter();
    const writes = new GroupedWrites(writer.writeGroup);
    const answers: string[] = [];
    const first = writes.add(1).then((a) => answers.push(a));
    await turn();
    const rest = [2, 3, 4].map((n) => writes.add(n).then((a) => answers.push(a)));
    await turn();
    expect(writer.groups).toEqual([[1]]);
    expect(answers).toEqual([]);
    writer.release();
    await first;
    await turn();
    expect(writer.groups).toEqual([[1], [2, 3, 4]]);
    expect(answers).toEqual(['wrote 1']);
    writer.release();
    await Promise.all(rest);
    expect(answers).toEqual(['wrote 1', 'wrote 2', 'wrote 3', 'wrote 4']);
  });

  it('writes a failed group again one write at a time, so only the failing write is refused', async () => {
    const writer = heldWriter((n) => n === 3);
    const writes = new GroupedWrites(writer.writeGroup);
    const first = writes.add(1);
    await turn();
    const settled = Promise.allSettled([2, 3, 4].map((n) => writes.add(n)));
    writer.release();
    await first;
    // The group [2, 3, 4] fails as a whole, then 2, 3 and 4 are written alone.
    for (let i = 0; i < 4; i++) {
      await turn();
      writer.release();
    }
    expect(writer.groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(
      (await settled).map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason))),
    ).toEqual(['wrote 2', 'Error: group 3 failed', 'wrote 4']);
  });

  it('keeps writing after a refused write', async () => {
    const writer = heldWriter((n) => n === 1);
    const writes = new GroupedWrites(writer.writeGroup);
    const refused = writes.add(1);
    await turn();
    writer.release();
    await expect(refused).rejects.toThrow('group 1 failed');
    const next = writes.add(2);
    await turn();
    writer.release();
    await expect(next).resolves.toBe('wrote 2');
  });
});
