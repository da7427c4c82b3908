// A country's published jobs as an inverted index held in the process: for every term the database's
// full-text index makes of their words (db/search-tokens.ts), the set of jobs it occurs in, and the set
// of jobs it occurs in the title or the school's name. Jobs are numbered newest first (published_at,
// then id, both descending), so a set is a bitmap whose lowest bits are the newest jobs: the live jobs
// are a prefix of the numbering, every word of a search is one AND, and the order of the results (most
// words in the title or school first, then newest) is read off the bitmaps by counting bits, never by
// sorting. A common two-word search over 15,000 jobs costs microseconds where the SQL asks the
// database to hand over tens of thousands of matches.
//
// Sets are kept as bitmaps when a term is common and as sorted numbers when it is rare (one 32-bit word
// of bitmap per 32 jobs against one per job holding the term), so memory follows the smaller of the two.
//
// Jobs written since the index was built do not rebuild it (`withChanges`): the jobs they were are
// masked out of its bitmaps, and the jobs they are now are held beside them, each with its own set of
// terms and its place in the numbering, and found by reading those few one by one. A search merges
// them into its page where they fall, so the answer is the one a fresh index would give.
import { PERMITS, RANKED_TERMS_MAX, type JobTile } from '@teacheast/shared';
import { BitPage, bitmapOf, prefixWord, wordsFor } from '../../lib/bitmaps.js';
import type { TermsQuery } from '../../db/job-terms.js';
import type { JsonText } from '../../lib/json-text.js';

/** What the index reads of a job: its tile, and the columns it is found by (jobs' search_* columns: folded words, one space apart). */
export interface IndexedJob {
  id: string;
  /** The tile as the search answers it. */
  tile: JsonText<JobTile>;
  city: string;
  age_group: string;
  published_at: number;
  search_title: string;
  search_school: string;
  search_city: string;
  search_body: string;
  /** What the contract-sheet filters read (db/job-terms.ts). */
  terms_flags: number;
  terms_month_pay: number | null;
  terms_teaching_hours: number | null;
  /** The permit a sponsored visa names (BEYOND §7), or null. */
  terms_permit: string | null;
}

/** A term's jobs: a bitmap of `words` 32-bit words, or their numbers in increasing order. */
type JobSet = { dense: true; bits: Uint32Array } | { dense: false; numbers: Uint32Array };

class TermSets {
  private sortedTerms: string[] | null = null;
  constructor(readonly byTerm: Map<string, JobSet>) {}

  /** Every term starting with `prefix`, from a sorted list made at the first prefix search. */
  termsStartingWith(prefix: string): string[] {
    this.sortedTerms ??= [...this.byTerm.keys()].sort();
    const sorted = this.sortedTerms;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) found.push(sorted[i]!);
    return found;
  }
}

/** One term of a search as the index reads it: a term's jobs, or (prefix) every term that starts so. */
export interface IndexTerm {
  term: string;
  prefix: boolean;
}

/** A job a search finds: its id and its tile, as they were when the index was made. */
export interface FoundJob {
  id: string;
  tile: JsonText<JobTile>;
}

export interface IndexQuery {
  /** Every one must be found in the text. */
  include: IndexTerm[];
  /** None may be. */
  exclude: IndexTerm[];
  city?: string;
  ageGroup?: string;
  terms?: TermsQuery;
  /** Permits a teacher is not eligible for (eligibleOnly): jobs naming one of them are left out. */
  excludedPermits?: readonly string[];
  /** Jobs published after this moment are live. */
  liveSince: number;
  offset: number;
  limit: number;
}

/** Jobs indexed between two breaths (a few milliseconds of work). */
const JOBS_BETWEEN_BREATHS = 1_000;

export interface ShardSize {
  jobs: number;
  terms: number;
  bytes: number;
  /** Jobs written since the index was built, held beside it. */
  changed: number;
}

/** A job written since the index was built, as it is now. */
interface ChangedJob {
  found: FoundJob;
  publishedAt: number;
  city: string;
  ageGroup: string;
  sheet: SheetFacts;
  /** Its terms, and those in its title or school's name. */
  text: ReadonlySet<string>;
  top: ReadonlySet<string>;
  /** How many of the built index's jobs come before it in the newest-first order: its place among them. */
  before: number;
}

/** What the contract-sheet filters read of a job. */
interface SheetFacts {
  /** The permit's number in PERMITS plus one; 0 for none. */
  permit: number;
  flags: number;
  /** NaN without a sheet in the country's currency. */
  monthPay: number;
  /** 0 without a sheet. */
  teachingHours: number;
}

/** A permit as a small number (its place in PERMITS plus one; 0 for none or one the rules do not know). */
function permitNumber(permit: string | null): number {
  return permit === null ? 0 : (PERMITS as readonly string[]).indexOf(permit) + 1;
}

/** The permits as a mask of their numbers' bits. */
function permitMask(permits: readonly string[]): number {
  let mask = 0;
  for (const permit of permits) {
    const n = permitNumber(permit);
    if (n > 0) mask |= 1 << n;
  }
  return mask;
}

function sheetFacts(job: IndexedJob): SheetFacts {
  return {
    permit: permitNumber(job.terms_permit),
    flags: job.terms_flags,
    monthPay: job.terms_month_pay ?? Number.NaN,
    teachingHours: job.terms_teaching_hours ?? 0,
  };
}

/** Whether a job's sheet meets the filters (a job without a sheet meets none). */
function meetsTerms(q: TermsQuery, flags: number, monthPay: number, teachingHours: number): boolean {
  return (
    (flags & q.mask) === q.mask &&
    (q.minPay === undefined || monthPay >= q.minPay) &&
    (q.maxTeachingHours === undefined || (teachingHours > 0 && teachingHours <= q.maxTeachingHours))
  );
}

/** What the built jobs' sheets hold, by number: what the contract-sheet and eligibility filters read. */
interface Sheets {
  flags: Uint8Array;
  monthPay: Float64Array;
  teachingHours: Uint8Array;
  permits: Uint8Array;
  /** The same as bitmaps, made at the first filtered search (sheetBitmaps). */
  bitmaps?: SheetBitmaps;
}

interface SheetBitmaps {
  /** One per flag bit. */
  flags: Uint32Array[];
  /** One per permit number. */
  permits: Uint32Array[];
  /** [h]: the jobs of 1 to h teaching hours a week. */
  hoursAtMost: Uint32Array[];
  /** The jobs with a monthly pay in the country's currency, best paid first, and their pays. */
  byPay: Uint32Array;
  pays: Float64Array;
  /** [b]: the first (b + 1) × PAY_STEP jobs of byPay. */
  paidAtLeast: Uint32Array[];
}

/** Jobs per step of the pay bitmaps: a minimum pay sets at most this many bits itself. */
const PAY_STEP = 256;
/** Teaching hours a week a sheet may say (BEYOND §6). */
const MAX_TEACHING_HOURS = 40;

/** Bits of terms_flags (db/job-terms.ts TERMS_FLAGS). */
const FLAG_BITS = 6;

function sheetBitmaps(sheets: Sheets, words: number): SheetBitmaps {
  if (sheets.bitmaps) return sheets.bitmaps;
  const bitmap = () => new Uint32Array(words);
  const flags = Array.from({ length: FLAG_BITS }, bitmap);
  const permits = Array.from({ length: PERMITS.length + 1 }, bitmap);
  const hoursAtMost = Array.from({ length: MAX_TEACHING_HOURS + 1 }, bitmap);
  const paid: number[] = [];
  for (let n = 0; n < sheets.flags.length; n++) {
    const word = n >>> 5;
    const bit = 1 << (n & 31);
    const f = sheets.flags[n]!;
    for (let b = 0; b < FLAG_BITS; b++) if (f & (1 << b)) flags[b]![word]! |= bit;
    permits[sheets.permits[n]!]![word]! |= bit;
    const hours = sheets.teachingHours[n]!;
    if (hours > 0 && hours <= MAX_TEACHING_HOURS) hoursAtMost[hours]![word]! |= bit;
    if (!Number.isNaN(sheets.monthPay[n]!)) paid.push(n);
  }
  for (let h = 2; h <= MAX_TEACHING_HOURS; h++) {
    const at = hoursAtMost[h]!;
    const below = hoursAtMost[h - 1]!;
    for (let w = 0; w < words; w++) at[w]! |= below[w]!;
  }
  paid.sort((a, b) => sheets.monthPay[b]! - sheets.monthPay[a]!);
  const byPay = Uint32Array.from(paid);
  const pays = Float64Array.from(paid, (n) => sheets.monthPay[n]!);
  const paidAtLeast: Uint32Array[] = [];
  let sofar = bitmap();
  for (let i = 0; i < byPay.length; i++) {
    const n = byPay[i]!;
    sofar[n >>> 5]! |= 1 << (n & 31);
    if ((i + 1) % PAY_STEP === 0) {
      paidAtLeast.push(sofar);
      sofar = sofar.slice();
    }
  }
  sheets.bitmaps = { flags, permits, hoursAtMost, byPay, pays, paidAtLeast };
  return sheets.bitmaps;
}

/** Keeps in `match` the jobs paid `minPay` a month or more: whole steps of the pay bitmaps, then the rest one by one. */
function keepPaidAtLeast(
  match: Uint32Array,
  bitmaps: SheetBitmaps,
  minPay: number,
  scratch: Uint32Array,
  words: number,
) {
  const { byPay, pays, paidAtLeast } = bitmaps;
  // How many jobs are paid minPay or more: a prefix of byPay.
  let lo = 0;
  let hi = pays.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pays[mid]! >= minPay) lo = mid + 1;
    else hi = mid;
  }
  const steps = Math.floor(lo / PAY_STEP);
  if (steps > 0) scratch.set(paidAtLeast[steps - 1]!.subarray(0, words));
  else scratch.fill(0, 0, words);
  for (let i = steps * PAY_STEP; i < lo; i++) {
    const n = byPay[i]!;
    scratch[n >>> 5]! |= 1 << (n & 31);
  }
  for (let w = 0; w < words; w++) match[w]! &= scratch[w]!;
}

/** What a CountryIndex holds of the jobs written since it was built. */
interface Changes {
  /** The built index's jobs that the writes changed or removed. */
  gone: Uint32Array;
  /** Newest first. */
  jobs: ChangedJob[];
}

export class CountryIndex {
  /** 32-bit words per bitmap. */
  private readonly words: number;

  /** Each built job's number by its id, made at the first change. */
  private numbers: Map<string, number> | null = null;

  private constructor(
    private readonly jobs: FoundJob[],
    private readonly publishedAt: Float64Array,
    /** Each job's terms_flags, monthly pay (NaN for none) and teaching hours (0 for none). */
    private readonly sheets: Sheets,
    private readonly cities: Map<string, Uint32Array>,
    private readonly ageGroups: Map<string, Uint32Array>,
    private readonly text: TermSets,
    private readonly top: TermSets,
    private readonly changes: Changes | null = null,
  ) {
    this.words = wordsFor(jobs.length);
  }

  /**
   * This index with jobs written since: `changedIds` are the jobs the writes touched, `current` those
   * of them still published in the country, as they are now (`termsOf` reads their words, as `build`).
   * The built part is shared, not copied.
   */
  withChanges(
    changedIds: Iterable<string>,
    current: readonly IndexedJob[],
    termsOf: (word: string) => readonly string[],
  ): CountryIndex {
    const changed = new Set(changedIds);
    const gone = this.changes?.gone.slice() ?? new Uint32Array(this.words);
    this.numbers ??= new Map(this.jobs.map((job, n) => [job.id, n]));
    for (const id of changed) {
      const n = this.numbers.get(id);
      if (n !== undefined) gone[n >>> 5]! |= 1 << (n & 31);
    }
    const jobs = (this.changes?.jobs ?? []).filter((job) => !changed.has(job.found.id));
    for (const job of current) jobs.push(this.changedJob(job, termsOf));
    jobs.sort((a, b) => b.publishedAt - a.publishedAt || (a.found.id < b.found.id ? 1 : -1));
    const next = new CountryIndex(
      this.jobs,
      this.publishedAt,
      this.sheets,
      this.cities,
      this.ageGroups,
      this.text,
      this.top,
      { gone, jobs },
    );
    next.numbers = this.numbers;
    return next;
  }

  private changedJob(job: IndexedJob, termsOf: (word: string) => readonly string[]): ChangedJob {
    const text = new Set<string>();
    const top = new Set<string>();
    const add = (words: string, alsoTop: boolean) => {
      if (words === '') return;
      for (const word of words.split(' ')) {
        for (const term of termsOf(word)) {
          text.add(term);
          if (alsoTop) top.add(term);
        }
      }
    };
    add(job.search_title, true);
    add(job.search_school, true);
    add(job.search_city, false);
    add(job.search_body, false);
    // The built jobs before it: newer, or as new with a greater id.
    let lo = 0;
    let hi = this.jobs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.publishedAt[mid]!;
      if (at > job.published_at || (at === job.published_at && this.jobs[mid]!.id > job.id)) lo = mid + 1;
      else hi = mid;
    }
    return {
      found: { id: job.id, tile: job.tile },
      publishedAt: job.published_at,
      city: job.city,
      ageGroup: job.age_group,
      sheet: sheetFacts(job),
      text,
      top,
      before: lo,
    };
  }

  /**
   * Indexes a country's jobs, read a slice at a time, newest first (published_at, then id, both
   * descending: the database's order, which numbers them). `learn` asks the database for the terms
   * of a slice's words before they are read with `termsOf`. A slice's texts are dropped once its
   * words are counted, so what is held while indexing is the index itself, not every job's text; and
   * indexing gives way to waiting requests every few thousand jobs.
   */
  static async build(
    slices: AsyncIterable<readonly IndexedJob[]>,
    learn: (slice: readonly IndexedJob[]) => Promise<void>,
    termsOf: (word: string) => readonly string[],
    breathe: () => Promise<void>,
  ): Promise<CountryIndex> {
    const found: FoundJob[] = [];
    const publishedAt: number[] = [];
    const flags: number[] = [];
    const permits: number[] = [];
    const monthPay: number[] = [];
    const teachingHours: number[] = [];
    // Each term numbered at its first sight, each word read into term numbers once.
    const termNumbers = new Map<string, number>();
    const termsOfWord = new Map<string, number[]>();
    const textLists: number[][] = [];
    const topLists: number[][] = [];
    const numbersOf = (word: string): number[] => {
      let numbers = termsOfWord.get(word);
      if (numbers === undefined) {
        numbers = termsOf(word).map((term) => {
          let n = termNumbers.get(term);
          if (n === undefined) {
            n = termNumbers.size;
            termNumbers.set(term, n);
            textLists.push([]);
            topLists.push([]);
          }
          return n;
        });
        termsOfWord.set(word, numbers);
      }
      return numbers;
    };
    // Jobs are added in increasing order, so a term met twice in one job is added once.
    const addWords = (text: string, job: number, alsoTop: boolean) => {
      if (text === '') return;
      for (const word of text.split(' ')) {
        for (const n of numbersOf(word)) {
          const text = textLists[n]!;
          if (text[text.length - 1] !== job) text.push(job);
          if (!alsoTop) continue;
          const top = topLists[n]!;
          if (top[top.length - 1] !== job) top.push(job);
        }
      }
    };
    const cityLists = new Map<string, number[]>();
    const ageLists = new Map<string, number[]>();
    const addTo = (lists: Map<string, number[]>, key: string, job: number) => {
      const list = lists.get(key);
      if (list === undefined) lists.set(key, [job]);
      else list.push(job);
    };
    for await (const slice of slices) {
      await learn(slice);
      for (const job of slice) {
        const i = found.length;
        // The live jobs are found as a prefix of the numbering (liveCount): a misordered slice would hide some.
        if (job.published_at > (publishedAt[i - 1] ?? Infinity)) {
          throw new Error('CountryIndex.build: jobs must come newest first');
        }
        found.push({ id: job.id, tile: job.tile });
        publishedAt.push(job.published_at);
        const sheet = sheetFacts(job);
        flags.push(sheet.flags);
        permits.push(sheet.permit);
        monthPay.push(sheet.monthPay);
        teachingHours.push(sheet.teachingHours);
        addWords(job.search_title, i, true);
        addWords(job.search_school, i, true);
        addWords(job.search_city, i, false);
        addWords(job.search_body, i, false);
        addTo(cityLists, job.city, i);
        addTo(ageLists, job.age_group, i);
        if (i % JOBS_BETWEEN_BREATHS === JOBS_BETWEEN_BREATHS - 1) await breathe();
      }
    }
    const words = wordsFor(found.length);
    const text = new Map<string, JobSet>();
    const top = new Map<string, JobSet>();
    for (const [term, n] of termNumbers) {
      text.set(term, jobSet(textLists[n]!, words));
      if (topLists[n]!.length > 0) top.set(term, jobSet(topLists[n]!, words));
    }
    const toBitmaps = (lists: Map<string, number[]>) =>
      new Map([...lists].map(([key, list]) => [key, bitmapOf(list, words)] as const));
    return new CountryIndex(
      found,
      Float64Array.from(publishedAt),
      {
        flags: Uint8Array.from(flags),
        monthPay: Float64Array.from(monthPay),
        teachingHours: Uint8Array.from(teachingHours),
        permits: Uint8Array.from(permits),
      },
      toBitmaps(cityLists),
      toBitmaps(ageLists),
      new TermSets(text),
      new TermSets(top),
    );
  }

  /** Jobs written since the index was built, held beside it. */
  get changedJobs(): number {
    return this.changes?.jobs.length ?? 0;
  }

  size(): ShardSize {
    let bytes = this.publishedAt.byteLength + this.sheets.flags.byteLength * 10;
    for (const job of this.jobs) bytes += 48 + job.id.length + job.tile.length;
    for (const sets of [this.text, this.top]) {
      for (const set of sets.byTerm.values()) bytes += set.dense ? set.bits.byteLength : set.numbers.byteLength;
    }
    for (const bitmaps of [this.cities, this.ageGroups]) {
      for (const bits of bitmaps.values()) bytes += bits.byteLength;
    }
    return {
      jobs: this.jobs.length,
      terms: this.text.byTerm.size,
      bytes,
      changed: this.changedJobs,
    };
  }

  /** The live jobs published after `liveSince`: a prefix of the newest-first numbering. */
  private liveCount(liveSince: number): number {
    let lo = 0;
    let hi = this.publishedAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.publishedAt[mid]! > liveSince) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The jobs of a term (or of every term it starts, for a prefix) in `sets`: a common term's own bitmap,
   * or `scratch` filled with them. Read only.
   */
  private bitmapOf(sets: TermSets, t: IndexTerm, scratch: Uint32Array): Uint32Array {
    if (!t.prefix) {
      const set = sets.byTerm.get(t.term);
      if (set?.dense) return set.bits;
    }
    scratch.fill(0, 0, this.words);
    const terms = t.prefix ? sets.termsStartingWith(t.term) : [t.term];
    for (const term of terms) {
      const set = sets.byTerm.get(term);
      if (set) orInto(scratch, set, this.words);
    }
    return scratch;
  }

  /**
   * The live jobs matching the query, most included terms in the title or school first
   * (the first RANKED_TERMS_MAX count), then newest first: `limit` of them from `offset`.
   */
  search(q: IndexQuery): FoundJob[] {
    const live = this.liveCount(q.liveSince);
    const changes = this.changes;
    // A country's page with no other filter is a slice of the newest-first numbering.
    if (
      changes === null &&
      q.city === undefined &&
      q.ageGroup === undefined &&
      q.terms === undefined &&
      (q.excludedPermits === undefined || q.excludedPermits.length === 0) &&
      q.include.length === 0 &&
      q.exclude.length === 0
    ) {
      return this.jobs.slice(Math.min(q.offset, live), Math.min(q.offset + q.limit, live));
    }
    const changed = changes === null ? [] : changes.jobs.filter((job) => matches(job, q));
    const words = this.words;
    const s = scratchFor(words);
    const match = s.match;
    for (let w = 0; w < words; w++) match[w] = prefixWord(w, live);
    if (changes !== null) {
      const gone = changes.gone;
      for (let w = 0; w < words; w++) match[w]! &= ~gone[w]!;
    }
    const found = (page: BitPage) =>
      page.found.map((n) => (n < this.jobs.length ? this.jobs[n]! : changed[n - this.jobs.length]!.found));
    // A city or age group no built job has: none of them match, and the written ones are ranked below.
    for (const [filter, bitmaps] of [
      [q.city, this.cities],
      [q.ageGroup, this.ageGroups],
    ] as const) {
      if (filter === undefined) continue;
      const bits = bitmaps.get(filter);
      if (bits === undefined) match.fill(0, 0, words);
      else for (let w = 0; w < words; w++) match[w]! &= bits[w]!;
    }
    for (const t of q.include) {
      const bits = this.bitmapOf(this.text, t, s.term);
      for (let w = 0; w < words; w++) match[w]! &= bits[w]!;
    }
    for (const t of q.exclude) {
      const bits = this.bitmapOf(this.text, t, s.term);
      for (let w = 0; w < words; w++) match[w]! &= ~bits[w]!;
    }
    if (q.terms !== undefined) this.keepMeetingTerms(match, q.terms);
    if (q.excludedPermits !== undefined && q.excludedPermits.length > 0) {
      this.leaveOutPermits(match, permitMask(q.excludedPermits));
    }
    const page = new BitPage(q.offset, q.limit);
    if (q.include.length === 0) {
      // Nothing to rank: the matching jobs in their newest-first order.
      if (changed.length === 0) {
        for (let w = 0; w < words && !page.full; w++) page.take(w, match[w]!);
      } else {
        this.takeMerged(
          page,
          match,
          changed,
          changed.map((_, i) => i),
        );
      }
      return found(page);
    }
    const rankedTerms = q.include.slice(0, RANKED_TERMS_MAX);
    const ranked = rankedTerms.map((t, i) => this.bitmapOf(this.top, t, s.top[i]!));
    const k = ranked.length;
    // How many ranked terms each matching job has in its title or school, as four bit planes
    // (a binary counter per bit position, up to 8): p0[w] holds bit 0 of the count of each job of word w.
    const { p0, p1, p2, p3 } = s;
    for (let w = 0; w < words; w++) {
      const m = match[w]!;
      let c0 = 0;
      let c1 = 0;
      let c2 = 0;
      let c3 = 0;
      if (m !== 0) {
        for (let i = 0; i < k; i++) {
          let carry = ranked[i]![w]! & m;
          let next = c0 & carry;
          c0 ^= carry;
          carry = next;
          next = c1 & carry;
          c1 ^= carry;
          carry = next;
          next = c2 & carry;
          c2 ^= carry;
          c3 |= next;
        }
      }
      p0[w] = c0;
      p1[w] = c1;
      p2[w] = c2;
      p3[w] = c3;
    }
    const changedHits = changed.map((job) => rankedTerms.filter((t) => hasTerm(job.top, t)).length);
    for (let hits = k; hits >= 0 && !page.full; hits--) {
      const b0 = hits & 1 ? 0 : -1;
      const b1 = hits & 2 ? 0 : -1;
      const b2 = hits & 4 ? 0 : -1;
      const b3 = hits & 8 ? 0 : -1;
      const atLevel = changedHits.flatMap((h, i) => (h === hits ? [i] : []));
      if (atLevel.length === 0) {
        // The jobs of each word with exactly `hits` hits: each plane as it is, or inverted.
        for (let w = 0; w < words && !page.full; w++) {
          page.take(w, match[w]! & (p0[w]! ^ b0) & (p1[w]! ^ b1) & (p2[w]! ^ b2) & (p3[w]! ^ b3));
        }
      } else {
        const level = s.term;
        for (let w = 0; w < words; w++) {
          level[w] = match[w]! & (p0[w]! ^ b0) & (p1[w]! ^ b1) & (p2[w]! ^ b2) & (p3[w]! ^ b3);
        }
        this.takeMerged(page, level, changed, atLevel);
      }
    }
    return found(page);
  }

  /** Clears from `match` the jobs whose sheet does not meet the filters: ANDs of bitmaps (sheetBitmaps). */
  private keepMeetingTerms(match: Uint32Array, q: TermsQuery): void {
    const words = this.words;
    const bitmaps = sheetBitmaps(this.sheets, words);
    for (let b = 0; b < FLAG_BITS; b++) {
      if ((q.mask & (1 << b)) === 0) continue;
      const bits = bitmaps.flags[b]!;
      for (let w = 0; w < words; w++) match[w]! &= bits[w]!;
    }
    if (q.maxTeachingHours !== undefined) {
      const bits = bitmaps.hoursAtMost[Math.min(q.maxTeachingHours, MAX_TEACHING_HOURS)]!;
      for (let w = 0; w < words; w++) match[w]! &= bits[w]!;
    }
    if (q.minPay !== undefined) keepPaidAtLeast(match, bitmaps, q.minPay, scratchFor(words).term, words);
  }

  /** Clears from `match` the jobs naming a permit of `mask`, a bitmap per permit. */
  private leaveOutPermits(match: Uint32Array, mask: number): void {
    const words = this.words;
    const { permits } = sheetBitmaps(this.sheets, words);
    for (let code = 1; code < permits.length; code++) {
      if ((mask & (1 << code)) === 0) continue;
      const bits = permits[code]!;
      for (let w = 0; w < words; w++) match[w]! &= ~bits[w]!;
    }
  }

  /**
   * Feeds `page` the built jobs of `level` and the changed jobs `which` (indexes into `changed`, in
   * its newest-first order), each changed job where it falls among the built ones. A changed job is
   * numbered after the built ones: the built count plus its index in `changed`.
   */
  private takeMerged(page: BitPage, level: Uint32Array, changed: readonly ChangedJob[], which: readonly number[]) {
    const words = this.words;
    let e = 0;
    for (let w = 0; w < words && !page.full; w++) {
      let bits = level[w]!;
      const end = (w + 1) * 32;
      for (; e < which.length && changed[which[e]!]!.before < end; e++) {
        const cut = changed[which[e]!]!.before - w * 32;
        const below = cut <= 0 ? 0 : bits & (0xffffffff >>> (32 - cut));
        page.take(w, below);
        bits &= ~below;
        page.takeOne(this.jobs.length + which[e]!);
      }
      page.take(w, bits);
    }
    for (; e < which.length && !page.full; e++) page.takeOne(this.jobs.length + which[e]!);
  }
}

/** Whether a changed job is live, in the query's city and age group, and has its words. */
function matches(job: ChangedJob, q: IndexQuery): boolean {
  return (
    job.publishedAt > q.liveSince &&
    (q.city === undefined || job.city === q.city) &&
    (q.ageGroup === undefined || job.ageGroup === q.ageGroup) &&
    (q.terms === undefined || meetsTerms(q.terms, job.sheet.flags, job.sheet.monthPay, job.sheet.teachingHours)) &&
    (q.excludedPermits === undefined || (permitMask(q.excludedPermits) & (1 << job.sheet.permit)) === 0) &&
    q.include.every((t) => hasTerm(job.text, t)) &&
    !q.exclude.some((t) => hasTerm(job.text, t))
  );
}

function hasTerm(terms: ReadonlySet<string>, t: IndexTerm): boolean {
  if (!t.prefix) return terms.has(t.term);
  for (const term of terms) if (term.startsWith(t.term)) return true;
  return false;
}

/** Bitmaps a search works in, shared by every search (they run one at a time) and grown as needed. */
interface Scratch {
  match: Uint32Array;
  term: Uint32Array;
  top: Uint32Array[];
  p0: Uint32Array;
  p1: Uint32Array;
  p2: Uint32Array;
  p3: Uint32Array;
}

let scratch: Scratch | null = null;

function scratchFor(words: number): Scratch {
  if (scratch === null || scratch.match.length < words) {
    const make = () => new Uint32Array(Math.max(words, 1024));
    scratch = {
      match: make(),
      term: make(),
      top: Array.from({ length: RANKED_TERMS_MAX }, make),
      p0: make(),
      p1: make(),
      p2: make(),
      p3: make(),
    };
  }
  return scratch;
}

/** A rare term's jobs as their numbers, a common one's as a bitmap: whichever is smaller. */
function jobSet(list: number[], words: number): JobSet {
  if (list.length > words) return { dense: true, bits: bitmapOf(list, words) };
  return { dense: false, numbers: Uint32Array.from(list) };
}

function orInto(bits: Uint32Array, set: JobSet, words: number): void {
  if (set.dense) {
    for (let w = 0; w < words; w++) bits[w]! |= set.bits[w]!;
    return;
  }
  for (const job of set.numbers) bits[job >>> 5]! |= 1 << (job & 31);
}
