import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../ports/clock.js';
import { HostGate } from './host-gate.js';

describe('the per-host gate', () => {
  it('holds one listener on the crawl signal for all its waits, and a cancel ends each wait', async () => {
    const gate = new HostGate(1, 0, systemClock);
    // Half of a crawl's pages wait here (16 in flight, 8 per host); the crawl's signal lives as
    // long as the crawl, so a listener per wait was added and removed for those pages.
    const crawl = new AbortController();
    const release = await gate.acquire('example.com', crawl.signal);
    const waits = Array.from({ length: 3 }, () =>
      gate.acquire('example.com', crawl.signal).then(
        () => 'got a slot',
        (reason: unknown) => reason,
      ),
    );
    expect(getEventListeners(crawl.signal, 'abort')).toHaveLength(1);
    crawl.abort('cancelled');
    expect(await Promise.all(waits)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    // The cancelled waits left the queue: the slot frees for the next caller.
    release();
    const next = await gate.acquire('example.com');
    next();
  });
});
