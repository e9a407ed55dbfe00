/**
 * Group commit for writes whose caller waits for the answer (an audit's result saves): a write
 * asked while another group is being written waits for it, then goes with every write asked
 * meanwhile in one call of `writeGroup` (one transaction). Nothing waits for company: a write
 * asked when none is under way is written at once, alone. So the writes stay in the order
 * asked, each resolves only once its group is written, and under load the transactions (and
 * their fixed statements: BEGIN, the claim fence, the charge, COMMIT) are shared.
 *
 * A group that fails is written again one write at a time, so each write gets its own answer
 * as if it had been written alone (a group that throws rolls back whole).
 */
export class GroupedWrites<W, R> {
  private waiting: { write: W; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private writing = false;

  /** Writes the groups with `writeGroup`, which answers each write of a group in order. */
  constructor(private readonly writeGroup: (writes: W[]) => Promise<R[]>) {}

  /** Writes `write` with the others asked meanwhile; resolves with its answer once written. */
  add(write: W): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ write, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting;
        this.waiting = [];
        await this.settle(group);
      }
    } finally {
      this.writing = false;
    }
  }

  private async settle(group: GroupedWrites<W, R>['waiting']): Promise<void> {
    const answers = await this.writeGroup(group.map((g) => g.write)).then(
      (rs) => ({ rs }),
      (err: unknown) => ({ err }),
    );
    if ('rs' in answers) {
      for (const [i, g] of group.entries()) g.resolve(answers.rs[i] as R);
      return;
    }
    if (group.length === 1) {
      group[0]?.reject(answers.err);
      return;
    }
    for (const one of group) await this.settle([one]);
  }
}
