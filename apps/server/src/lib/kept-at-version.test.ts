import { describe, expect, it, vi } from 'vitest';
import { KeptAtVersion } from './kept-at-version.js';

/** A database's version that the test moves, and a value made from it that records what it was given. */
function setUp() {
  const db = { version: 1 };
  const makings: { previous: string | null; arg: number; atVersion: number }[] = [];
  let gate: Promise<void> = Promise.resolve();
  let fail = false;
  const kept = new KeptAtVersion<string, number>(
    () => Promise.resolve(db.version),
    async (previous, arg) => {
      const atVersion = db.version;
      makings.push({ previous: previous?.value ?? null, arg, atVersion });
      await gate;
      if (fail) throw new Error('the database went away');
      return `made at ${atVersion} for ${arg}`;
    },
  );
  return {
    db,
    kept,
    makings,
    hold: () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => open();
    },
    failNext: (yes: boolean) => (fail = yes),
  };
}

const noError = () => {
  throw new Error('no making should fail here');
};

describe('KeptAtVersion', () => {
  it('gives nothing before the first making, and starts it', async () => {
    const { kept, makings } = setUp();
    expect(await kept.current(7, noError)).toBeNull();
    expect(makings).toEqual([{ previous: null, arg: 7, atVersion: 1 }]);
    await kept.refresh(7);
    expect(await kept.current(7, noError)).toEqual({ value: 'made at 1 for 7', version: 1 });
  });

  it('gives nothing once the version moves, and makes it again from the value it had', async () => {
    const { db, kept, makings } = setUp();
    await kept.refresh(1);
    db.version = 2;
    expect(await kept.current(2, noError)).toBeNull();
    await kept.refresh(2);
    expect(makings.at(-1)).toEqual({ previous: 'made at 1 for 1', arg: 2, atVersion: 2 });
    expect(await kept.current(2, noError)).toEqual({ value: 'made at 2 for 2', version: 2 });
  });

  it('runs one making at a time: readers who find it behind while one runs wait for that one', async () => {
    const { kept, makings, hold } = setUp();
    const open = hold();
    const first = kept.refresh(1);
    expect(await kept.current(1, noError)).toBeNull();
    expect(await kept.current(1, noError)).toBeNull();
    const second = kept.refresh(1);
    open();
    await Promise.all([first, second]);
    expect(makings).toHaveLength(1);
  });

  it('never gives out a value made while a write landed: it is tagged with the version read before', async () => {
    const { db, kept, hold } = setUp();
    const open = hold();
    const making = kept.refresh(1);
    db.version = 2; // a write commits while the value is being made
    open();
    await making;
    expect(await kept.current(1, noError)).toBeNull();
    await kept.refresh(1);
    expect((await kept.current(1, noError))?.version).toBe(2);
  });

  it('tells of a making that failed, keeps the value it had, and tries again on the next reader', async () => {
    const { db, kept, makings, failNext } = setUp();
    await kept.refresh(1);
    db.version = 2;
    failNext(true);
    const onError = vi.fn();
    expect(await kept.current(1, onError)).toBeNull();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('the database went away')));
    expect(kept.value).toBe('made at 1 for 1');
    failNext(false);
    expect(await kept.current(1, noError)).toBeNull();
    await kept.refresh(1);
    expect(makings).toHaveLength(3);
    expect(await kept.current(1, noError)).toEqual({ value: 'made at 2 for 1', version: 2 });
  });
});
