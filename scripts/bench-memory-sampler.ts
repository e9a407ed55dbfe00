// Where the RSS above the live heap goes, for `bench:crawl`'s memory runs (issue 28 point 4).
// Samples the process every 500 ms and keeps the breakdown of the sample with the highest RSS,
// per phase ('crawl', then each export step): V8's committed heap (old space: size and used,
// so garbage not yet collected shows as the difference), external and ArrayBuffer memory
// (response bodies), and the kernel's view (/proc/self/smaps_rollup: anonymous memory, which
// is the V8 heap plus malloc's arenas; file-backed pages, which are code and mapped files).
// malloc's share is what anonymous memory leaves after V8's committed heap and external memory.
import fs from 'node:fs';
import v8 from 'node:v8';

export interface MemorySample {
  phase: string;
  rssMb: number;
  /** V8's committed heap, all spaces. */
  heapTotalMb: number;
  heapUsedMb: number;
  oldSpaceMb: number;
  oldSpaceUsedMb: number;
  newSpaceMb: number;
  largeObjectMb: number;
  codeSpaceMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  anonymousMb: number;
  fileMb: number;
  /** Anonymous memory that is neither V8's heap nor external memory: malloc's slack and SQLite. */
  otherAnonymousMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

function smapsKb(): Record<string, number> {
  const fields: Record<string, number> = {};
  try {
    for (const line of fs.readFileSync('/proc/self/smaps_rollup', 'utf8').split('\n')) {
      const m = /^(\w+):\s+(\d+) kB/.exec(line);
      if (m?.[1] && m[2]) fields[m[1]] = Number(m[2]);
    }
  } catch {
    // Not Linux: the kernel's columns stay 0.
  }
  return fields;
}

export function sampleMemory(phase: string): MemorySample {
  const usage = process.memoryUsage();
  const spaces = new Map(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s]));
  const smaps = smapsKb();
  const anonymous = (smaps.Anonymous ?? 0) * 1024;
  return {
    phase,
    rssMb: mb(usage.rss),
    heapTotalMb: mb(usage.heapTotal),
    heapUsedMb: mb(usage.heapUsed),
    oldSpaceMb: mb(spaces.get('old_space')?.space_size ?? 0),
    oldSpaceUsedMb: mb(spaces.get('old_space')?.space_used_size ?? 0),
    newSpaceMb: mb(spaces.get('new_space')?.space_size ?? 0),
    largeObjectMb: mb(spaces.get('large_object_space')?.space_size ?? 0),
    codeSpaceMb: mb(spaces.get('code_space')?.space_size ?? 0),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    anonymousMb: mb(anonymous),
    fileMb: mb(((smaps.Rss ?? 0) - (smaps.Anonymous ?? 0)) * 1024),
    otherAnonymousMb: mb(anonymous - usage.heapTotal - usage.external),
  };
}

/** Samples every intervalMs; `peaks()` gives, per phase, the sample with the highest RSS. */
export function startMemorySampler(intervalMs = 500) {
  let phase = 'crawl';
  const peaks = new Map<string, MemorySample>();
  const take = () => {
    const s = sampleMemory(phase);
    const best = peaks.get(phase);
    if (!best || s.rssMb > best.rssMb) peaks.set(phase, s);
  };
  const timer = setInterval(take, intervalMs);
  timer.unref();
  return {
    /** Closes the current phase with one last sample and starts the next. */
    phase(next: string) {
      take();
      phase = next;
    },
    stop() {
      take();
      clearInterval(timer);
      return [...peaks.values()];
    },
  };
}
