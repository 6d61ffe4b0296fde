/** A push-driven async iterable: producers push and end, one consumer iterates. */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private waiter: (() => void) | undefined;
  private ended = false;
  private failure: Error | undefined;

  push(item: T): void {
    if (this.ended) return;
    this.items.push(item);
    this.wake();
  }

  /** Ends the stream after the items already pushed; with an error, the consumer throws it. */
  end(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    this.wake();
  }

  get done(): boolean {
    return this.ended;
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.ended) {
        if (this.failure) throw this.failure;
        return;
      }
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }
}
