import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { VALID_DETAILS, createCompleteDraft } from '../jobs/test-factories.js';
import { liveSince } from '../jobs/lifecycle.js';
import { refreshKeywordIndex } from './kept-keyword-index.js';

interface Tile {
  uuid: string;
  companyName: string;
}

// Every search twice: answered by the database's own index (the first search after a write), and by
// the index kept in the process once it has caught up (kept-keyword-index.ts).
describe.each([
  ['the database', false],
  ['the kept index', true],
])(`keyword search (${dialect}), answered by %s`, (_name, kept) => {
  let t: TestApp;
  let ownerId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t)).id;
  });
  afterAll(async () => t.close());

  async function search(q: string, extra = '') {
    if (kept) await refreshKeywordIndex(t.db, liveSince(t.clock.now()));
    const res = await t.inject({
      method: 'GET',
      url: `/api/filter-jobs?country=vietnam&page=1&q=${encodeURIComponent(q)}${extra}`,
    });
    return { res, names: ((res.json() as { results?: Tile[] }).results ?? []).map((r) => r.companyName) };
  }

  beforeEach(async () => {
    await t.db.deleteFrom('jobs').execute();
    const now = t.clock.now();
    const jobs: [string, Parameters<typeof createPublishedJob>[2]][] = [
      [
        'Little Stars',
        {
          title: 'Kindergarten Homeroom Teacher',
          city: 'Hanoi',
          description_html: '<p>Play-based learning, <b>no weekends</b>.</p>',
        },
      ],
      [
        'Saigon Business Institute',
        {
          title: 'Business English Trainer',
          city: 'Ho Chi Minh City',
          description_html: '<p>Corporate classes for businesses.</p>',
        },
      ],
      [
        'Coastal Language Centre',
        {
          title: '',
          city: 'Da Nang',
          description_html: '<p>Weekend classes &amp; university prep. Teach business vocabulary.</p>',
        },
      ],
      [
        'Đà Nẵng University',
        { title: 'University Lecturer', city: 'Da Nang', description_html: '<p>Teach academic writing.</p>' },
      ],
      [
        'Summer Fun',
        {
          title: 'Summer Camp Counsellor',
          city: 'Hanoi',
          description_html: '<p>A summer camp by the lake; weekends off.</p>',
        },
      ],
    ];
    for (const [index, [name, fields]] of jobs.entries()) {
      ids[name] = await createPublishedJob(t, ownerId, {
        country: 'vietnam',
        company_name: name,
        ...fields,
        published_at: now - (index + 1) * 1000,
      });
    }
    await createPublishedJob(t, ownerId, {
      country: 'japan',
      company_name: 'Tokyo Business',
      title: 'Business English',
    });
  });

  it.each<[string, string[]]>([
    // Every word must match, in any of the indexed fields; case and accents do not matter.
    ['kindergarten', ['Little Stars']],
    ['KINDERGARTEN hanoi', ['Little Stars']],
    ['da nang', ['Đà Nẵng University', 'Coastal Language Centre']],
    ['Đà Nẵng', ['Đà Nẵng University', 'Coastal Language Centre']],
    // English word forms: business / businesses.
    ['businesses', ['Saigon Business Institute', 'Coastal Language Centre']],
    // The last word is a prefix.
    ['kinder', ['Little Stars']],
    ['univ', ['Đà Nẵng University', 'Coastal Language Centre']],
    ['uni', ['Đà Nẵng University', 'Coastal Language Centre']],
    // A last word of one or two letters matches as a whole word only: as a prefix it would make the
    // database expand it into every term of the index that starts so.
    ['un', []],
    ['da n', []],
    ['"da nang" u', []],
    ['"da nang" uni', ['Đà Nẵng University', 'Coastal Language Centre']],
    ['"no weekends" p', []],
    ['"no weekends" pl', []],
    ['"no weekends" pla', ['Little Stars']],
    // A quoted phrase matches words together, in order.
    ['"no weekends"', ['Little Stars']],
    ['"weekends no"', []],
    // Exclusion.
    ['teacher -kindergarten', ['Coastal Language Centre']],
    ['-"summer camp"', ['Little Stars', 'Saigon Business Institute', 'Coastal Language Centre', 'Đà Nẵng University']],
    // A job without a title is found as an English Teacher; the description's tags are not text.
    ['english teacher', ['Coastal Language Centre']],
    ['"teacher in"', []],
    ['strong', []],
    ['amp', []],
  ])('q=%j finds %j', async (q, expected) => {
    const { res, names } = await search(q);
    expect(res.statusCode).toBe(200);
    expect(names).toEqual(expected);
  });

  it('ranks title and school hits above description hits, then newest first', async () => {
    // The Institute has "business" in title and school; the Centre only in its description,
    // though it was published later.
    const { names } = await search('business');
    expect(names).toEqual(['Saigon Business Institute', 'Coastal Language Centre']);
    const { names: camp } = await search('summer');
    expect(camp).toEqual(['Summer Fun']);
  });

  it('keeps the filters: country, city and age group narrow a keyword search', async () => {
    expect((await search('business', '&city=Da%20Nang')).names).toEqual(['Coastal Language Centre']);
    expect((await search('business', '&ageGroup=Adults')).names).toEqual([]);
  });

  it('answers 400 with the field for keywords over 100 characters, and 200 at 100', async () => {
    expect((await search('a'.repeat(100))).res.statusCode).toBe(200);
    const { res } = await search('a'.repeat(101));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { q: 'No more than 100 characters' } });
  });

  it('follows edits: a changed title is found by its new words only', async () => {
    await t.db
      .updateTable('jobs')
      .set({ title: 'Art Teacher', search_title: 'art teacher' })
      .where('id', '=', ids['Little Stars'] as string)
      .execute();
    expect((await search('art')).names).toEqual(['Little Stars']);
    expect((await search('kindergarten')).names).toEqual([]);
    await t.db
      .deleteFrom('jobs')
      .where('id', '=', ids['Little Stars'] as string)
      .execute();
    expect((await search('art')).names).toEqual([]);
  });

  const HOSTILE = [
    'NEAR(a b, 2)',
    'NEAR(',
    'a NEAR b',
    '"unbalanced',
    'un"balanced""',
    '"""',
    '*',
    'a*',
    '*a',
    '^a',
    'a^',
    'title:teacher',
    'search_title:x',
    '{search_title}: x',
    '{a b} : c',
    'a AND',
    'OR b',
    'NOT',
    'a NOT b',
    'AND OR NOT',
    '(',
    ')',
    '(a',
    'a)',
    '((a))',
    '-',
    '--a',
    '- -',
    '-"',
    '+a',
    'a + b',
    "'",
    "a'b",
    "''",
    '\\',
    'a\\b',
    ':*',
    'a:*',
    'a:A',
    '&',
    'a & b',
    '!a',
    '!!',
    '|',
    'a | b',
    '<->',
    'a <-> b',
    'a <2> b',
    ';',
    "'; drop table jobs; --",
    '%',
    '_',
    '😀',
    '👩‍🏫 teacher',
    'مدرسة',
    'שלום עולם',
    '\u202Eevil',
    '\u200B',
    'x\u0301',
    'ﬁ',
    '東京 英語',
    'ภาษาอังกฤษ',
    '한국어',
    'Ⅻ',
    '²',
    '0',
    '0000',
    '1e10',
    'NaN',
    'null',
    'undefined',
    '{}',
    '[]',
    '$where',
    '<script>',
    '&amp;',
  ];

  it(`answers 200 to each of ${HOSTILE.length} hostile inputs`, async () => {
    for (const q of HOSTILE) {
      const { res } = await search(q);
      expect([q, res.statusCode]).toEqual([q, 200]);
    }
  });

  it('answers 400, not 500, to a NUL and to 10 KB of text; broken UTF-8 is read as text', async () => {
    for (const q of ['a%00b', 'long%20'.repeat(2048)]) {
      const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?country=vietnam&page=1&q=${q}` });
      expect([q.slice(0, 10), res.statusCode]).toEqual([q.slice(0, 10), 400]);
    }
    const broken = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=vietnam&page=1&q=x%ED%A0%80%FF' });
    expect(broken.statusCode).toBe(200);
  });

  it('finds a job written through the wizard by its title and description, and follows each edit', async () => {
    const school = await createUser(t);
    const id = await createCompleteDraft(t, school);
    const base = { method: 'POST' as const, headers: school.auth };
    const details = await t.inject({
      ...base,
      url: `/api/jobs/details/${id}/${school.id}`,
      payload: { ...VALID_DETAILS, country: 'vietnam', city: 'Hanoi', title: 'Phonics Specialist' },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ job: { title: 'Phonics Specialist' } });
    const description = await t.inject({
      ...base,
      url: `/api/job/richtext/${id}/${school.id}`,
      payload: { descriptionHTML: '<p>Puppets &amp; songs every morning.</p>' },
    });
    expect(description.statusCode).toBe(200);
    expect((await t.inject({ ...base, url: `/api/job/publish/${id}/${school.id}` })).statusCode).toBe(200);

    expect((await search('phonics')).names).toEqual([VALID_DETAILS.companyName]);
    expect((await search('puppets songs')).names).toEqual([VALID_DETAILS.companyName]);
    if (kept) await refreshKeywordIndex(t.db, liveSince(t.clock.now()));
    const tile = (
      await t.inject({ method: 'GET', url: '/api/filter-jobs?country=vietnam&q=phonics&page=1' })
    ).json() as {
      results: { title: string }[];
    };
    expect(tile.results[0]?.title).toBe('Phonics Specialist');
  });

  it("matches the country's own name only in the text, and follows a job moved to another country", async () => {
    // The index also holds each job's country (migration 008): a word never matches it.
    await createPublishedJob(t, ownerId, {
      country: 'vietnam',
      company_name: 'Vietnam Kids Club',
      title: 'Teacher',
      description_html: '<p>Teach in Vietnam.</p>',
    });
    expect((await search('vietnam')).names).toEqual(['Vietnam Kids Club']);
    expect((await search('teacher -vietnam')).names).toEqual(['Little Stars', 'Coastal Language Centre']);
    expect((await search('"south korea"')).names).toEqual([]);

    // Moved to South Korea by anyone: found there, no longer here.
    await t.db.updateTable('jobs').set({ country: 'south-korea' }).where('id', '=', ids['Little Stars']!).execute();
    expect((await search('kindergarten')).names).toEqual([]);
    if (kept) await refreshKeywordIndex(t.db, liveSince(t.clock.now()));
    const korea = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=south-korea&page=1&q=kindergarten' });
    expect((korea.json() as { results: Tile[] }).results.map((r) => r.companyName)).toEqual(['Little Stars']);
  });
});
