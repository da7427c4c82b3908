// The resume board's published resumes held in the process (those their owners keep on the board,
// with the domains each hides from, BEYOND §11): their tiles, numbered most recently
// updated first (then by id, both descending, as the board orders them), with a bitmap of the resumes
// holding each value of each filter. A page with any filters is then an AND of at most six bitmaps and
// a count of bits up to its offset, where the database walks its whole index to learn that a deep
// filtered page is empty. It answers only at the resumes version it was made at
// (content_versions.resumes, migration 009; lib/kept-at-version.ts), so no one is shown a board a
// write has changed: after a write the next request reads the database, and the index is made again
// in the background (20,000 resumes: tens of milliseconds).
import type { Db } from '../../db/create-db.js';
import { BitPage, bitmapOf, prefixWord, wordsFor } from '../../lib/bitmaps.js';
import { KeptAtVersion } from '../../lib/kept-at-version.js';
import { eligiblePermits } from '../eligibility/service.js';
import * as repo from './repo.js';

/** The board's filters and the column each one matches. */
const FILTERS = [
  ['nationality', 'nationality'],
  ['education', 'education'],
  ['experience', 'experience'],
  ['desiredCountry', 'desired_country'],
  ['desiredStartDate', 'desired_start_date'],
  ['desiredAgeGroup', 'desired_age_group'],
] as const satisfies readonly (readonly [keyof repo.BoardFilters, keyof repo.ResumeTileRow])[];

type BoardFilterValues = Omit<repo.BoardFilters, 'page'>;

/** The bitmap key of the resumes eligible for a permit. */
const permitKey = (permit: string) => `eligible\u0000${permit}`;
/** The bitmap key of the resumes hidden from an e-mail domain (BEYOND §11). */
const hiddenKey = (domain: string) => `hidden\u0000${domain}`;

class BoardIndex {
  private readonly words: number;

  private constructor(
    private readonly tiles: repo.ResumeTileRow[],
    /** `${column}\u0000${value}` → the resumes holding it. */
    private readonly bitmaps: Map<string, Uint32Array>,
  ) {
    this.words = wordsFor(tiles.length);
  }

  static build(entries: readonly repo.BoardEntry[]): BoardIndex {
    const sorted = [...entries].sort(
      (a, b) => b.last_updated_at - a.last_updated_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    const lists = new Map<string, number[]>();
    const add = (key: string, i: number) => {
      const list = lists.get(key);
      if (list) list.push(i);
      else lists.set(key, [i]);
    };
    sorted.forEach((entry, i) => {
      for (const [, column] of FILTERS) add(`${column}\u0000${entry[column]}`, i);
      for (const permit of eligiblePermits(entry.facts)) add(permitKey(permit), i);
      for (const domain of entry.hiddenFrom) add(hiddenKey(domain), i);
    });
    const words = wordsFor(sorted.length);
    // The index keeps the tiles only: an owner's facts and privacy are never answered.
    const tiles = sorted.map(({ facts: _facts, hiddenFrom: _hidden, ...tile }) => tile);
    return new BoardIndex(tiles, new Map([...lists].map(([key, list]) => [key, bitmapOf(list, words)])));
  }

  /** The tiles of `limit` resumes matching every given filter from `offset`, in the board's order. */
  page(filters: BoardFilterValues, offset: number, limit: number): repo.ResumeTileRow[] {
    const sets: Uint32Array[] = [];
    for (const [name, column] of FILTERS) {
      const value = filters[name];
      if (!value) continue;
      const bits = this.bitmaps.get(`${column}\u0000${value}`);
      if (!bits) return [];
      sets.push(bits);
    }
    if (filters.eligibleFor) {
      const bits = this.bitmaps.get(permitKey(filters.eligibleFor));
      if (!bits) return [];
      sets.push(bits);
    }
    // The resumes their owners hide from the reader's domain (or one it is part of) leave every page.
    const hidden = (filters.viewerDomains ?? []).flatMap((domain) => this.bitmaps.get(hiddenKey(domain)) ?? []);
    if (sets.length === 0 && hidden.length === 0) return this.tiles.slice(offset, offset + limit);
    const page = new BitPage(offset, limit);
    const count = this.tiles.length;
    for (let w = 0; w < this.words && !page.full; w++) {
      let bits = prefixWord(w, count);
      for (const set of sets) bits &= set[w]!;
      for (const set of hidden) bits &= ~set[w]!;
      page.take(w, bits);
    }
    return page.found.map((n) => this.tiles[n]!);
  }
}

const byDb = new WeakMap<Db, KeptAtVersion<BoardIndex>>();

function keptFor(db: Db): KeptAtVersion<BoardIndex> {
  let kept = byDb.get(db);
  if (!kept) {
    kept = new KeptAtVersion(
      () => repo.findBoardVersion(db),
      async () => BoardIndex.build(await repo.findBoardTiles(db)),
    );
    byDb.set(db, kept);
  }
  return kept;
}

/** Makes the index anew from the database's published resumes; one at a time per database. */
export function refreshBoardIndex(db: Db): Promise<void> {
  return keptFor(db).refresh();
}

/**
 * A page of the board's tiles, or null while the index is behind the database (the caller reads the
 * database, and the index is made again in the background).
 */
export async function findBoardPage(
  db: Db,
  filters: repo.BoardFilters,
  limit: number,
  onRefreshError: (err: unknown) => void,
): Promise<repo.ResumeTileRow[] | null> {
  const kept = keptFor(db);
  let current = await kept.current(undefined, onRefreshError);
  // Eligibility is read from the rules, not the database's: a page filtered by it waits for the index.
  if (!current && filters.eligibleFor) {
    await kept.refresh();
    current = await kept.current(undefined, onRefreshError);
  }
  return current && current.value.page(filters, (filters.page - 1) * limit, limit);
}
