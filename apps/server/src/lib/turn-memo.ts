// Reads shared by the requests of one event-loop turn (docs/decisions/012-one-freshness-story.md):
// under load, Node takes a batch of requests from its sockets in each turn, and every cached answer in
// the batch needs the same few versions (the jobs version for every list page, the board's and the
// caller's for every board page). The first request of the turn reads a version; the others of the
// same turn share that read, and the next turn reads again. A turn lasts as long as its batch (well
// under a few milliseconds), which bounds how old a shared read can be when another instance writes;
// a write through this instance forgets every shared read at once (`forget`), so its writer's next read
// sees it here.

export class TurnMemo<V> {
  private readonly reads = new Map<string, V>();
  private scheduled = false;

  /** The value read for `key` in this turn, or `read()`'s, kept until the turn ends. */
  get(key: string, read: () => V): V {
    if (this.reads.has(key)) return this.reads.get(key)!;
    const value = read();
    this.reads.set(key, value);
    if (!this.scheduled) {
      this.scheduled = true;
      // After the poll phase that took this batch of requests: the next batch reads anew.
      setImmediate(() => this.forget());
    }
    return value;
  }

  forget(): void {
    this.reads.clear();
    this.scheduled = false;
  }
}
