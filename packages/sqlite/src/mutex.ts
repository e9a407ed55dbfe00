/** A FIFO async mutex: `run` calls execute one at a time in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every earlier task has settled; resolves with its result. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
