// A value made from the database and held in the process (an index of live jobs, of the resume board),
// tagged with the version the database keeps of what it was made from (content_versions): it is given
// out only while that is still the database's version, so nobody is shown what a write has changed,
// whichever instance or command made the write. A reader that finds it behind gets nothing and asks
// the database itself, and the value is made again in the background, one making at a time.
// (job-board/kept-while-jobs-unchanged.ts keeps results the other way: each is worked out again in the
// request that finds it behind.)

export interface Current<T> {
  value: T;
  /** The database's version, read by this reader, which the value was made at. */
  version: number;
}

export class KeptAtVersion<T, A = void> {
  private kept: Current<T> | null = null;
  private making: Promise<void> | null = null;

  constructor(
    /** Reads the database's version of what the value is made from. */
    private readonly readVersion: () => Promise<number>,
    /**
     * Makes the value at `version` (read just before); `previous` is the one kept so far with the
     * version it was made at, to reuse what has not changed since.
     */
    private readonly make: (previous: Current<T> | null, arg: A, version: number) => Promise<T>,
  ) {}

  /** Brings the value to the database's version; a call while a making runs waits for that one. */
  refresh(arg: A): Promise<void> {
    this.making ??= (async () => {
      // The version first: a write committed after it moves the database past the value's tag.
      const version = await this.readVersion();
      const value = await this.make(this.kept, arg, version);
      this.kept = { value, version };
    })().finally(() => {
      this.making = null;
    });
    return this.making;
  }

  /**
   * The value, when it was made at the version the database has now; otherwise null, and a making
   * starts in the background (`arg` is what it is made for, `onError` hears how it failed).
   */
  async current(arg: A, onError: (err: unknown) => void): Promise<Current<T> | null> {
    const version = await this.readVersion();
    const kept = this.kept;
    if (kept?.version === version) return kept;
    this.refresh(arg).catch(onError);
    return null;
  }

  /** The value kept now, current or not (what the tests measure). */
  get value(): T | null {
    return this.kept?.value ?? null;
  }
}
