import { describe, expect, it } from 'vitest';
import {
  AGE_GROUPS,
  CardSchema,
  CITIES,
  CLASS_SIZES,
  ContactSchema,
  COUNTRIES,
  CREDIT_PACKS,
  CredentialsSchema,
  CreditIntentSchema,
  CurrentUserAnswerSchema,
  DeleteAccountSchema,
  DESIRED_COUNTRIES,
  DURATIONS,
  ERROR_TYPES,
  EXPERIENCE_LEVELS,
  findUnstorableText,
  ForgotPasswordSchema,
  isErrorCode,
  isStorableText,
  JobAnswerSchema,
  JobDetailsSchema,
  JobSearchAnswerSchema,
  MONTHS,
  NATIONALITIES,
  PAGE_SIZE,
  POSTING_LIFETIME_DAYS,
  RESUME_BOARD_PRICE_CENTS,
  requiredText,
  ResumeContentUploadSchema,
  ResumeDetailsSchema,
  SignedLinkQuerySchema,
  SiteConfigSchema,
  SubscriptionPaymentSchema,
  SubscriptionViewSchema,
  UNSTORABLE_TEXT,
  SetPasswordFormSchema,
  START_DATES,
  TOAST_DURATION_MS,
} from './index.js';
import cityData from './cities.json' with { type: 'json' };

/** The first message per field, as the forms and the server's error body show it. */
function messages(
  schema: {
    safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('enumerations', () => {
  it('lists the seven countries with their slugs and names', () => {
    expect(COUNTRIES.map((c) => c.value)).toEqual([
      'china',
      'indonesia',
      'japan',
      'south-korea',
      'taiwan',
      'thailand',
      'vietnam',
    ]);
    expect(COUNTRIES.find((c) => c.value === 'south-korea')?.label).toBe('South Korea');
    expect(DESIRED_COUNTRIES).toContain('Thailand');
  });

  it('has the spec lists', () => {
    expect([...AGE_GROUPS].sort()).toEqual(['Adolescents', 'Adults', 'Children', 'University']);
    expect(CLASS_SIZES).toEqual(['1 - 10', '11 - 20', '21 - 30', 'Greater than 30']);
    expect(START_DATES[0]).toEqual({ value: '', label: 'ASAP' });
    expect(START_DATES.map((s) => s.value).slice(1)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(DURATIONS.find((d) => d.value === '12')?.label).toBe('1 Year');
    expect(DURATIONS.find((d) => d.value === '13')?.label).toBe('More than 1 year');
    expect(DURATIONS).toHaveLength(13);
    expect(NATIONALITIES.at(-1)).toBe('Other');
    expect(EXPERIENCE_LEVELS[0]).toBe('0');
    expect(EXPERIENCE_LEVELS.at(-1)).toBe('10+');
    expect(new Set(MONTHS).size).toBe(12);
  });

  it('copies the fixed city list of every country, sorted by label', () => {
    for (const [country, list] of Object.entries(cityData as Record<string, string[]>)) {
      const ours = CITIES[country as keyof typeof CITIES];
      expect([...ours].sort()).toEqual([...list].sort());
      expect(ours).toEqual([...ours].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('has the business constants', () => {
    expect(PAGE_SIZE).toBe(12);
    expect(POSTING_LIFETIME_DAYS).toBe(45);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(Object.values(CREDIT_PACKS).map((p) => [p.credits, p.amountCents])).toEqual([
      [1, 2000],
      [5, 7500],
      [10, 10000],
    ]);
    expect(RESUME_BOARD_PRICE_CENTS).toBe(2500);
  });
});

describe('form schemas carry the spec messages', () => {
  it('credentials', () => {
    expect(messages(CredentialsSchema, { email: '', password: '' })).toEqual({
      email: 'Required',
      password: 'Required',
    });
    expect(messages(CredentialsSchema, { email: 'x', password: '12345' })).toEqual({
      email: 'Invalid email address',
      password: 'Must be at least 6 character',
    });
    expect(CredentialsSchema.parse({ email: 'Ann@Example.COM', password: 'secret' }).email).toBe('ann@example.com');
  });

  it('forgot and set password', () => {
    expect(messages(ForgotPasswordSchema, { email: 'x' })).toEqual({ email: 'Invalid email address' });
    expect(messages(SetPasswordFormSchema, { password: '123', confirmPassword: '123' })).toMatchObject({
      password: 'Must be at least 6 characters in length',
    });
    expect(
      messages(SetPasswordFormSchema, { password: 'x'.repeat(23), confirmPassword: 'x'.repeat(23) }),
    ).toMatchObject({
      password: 'No more than 22 characters',
    });
    expect(messages(SetPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: "Passwords don't match!",
    });
  });

  it('contact', () => {
    expect(messages(ContactSchema, { email: 'a@b.co', subject: '', text: 'short' })).toEqual({
      text: 'Must be at least 10 characters',
    });
  });

  it('job details', () => {
    const valid = {
      companyName: 'School',
      email: 'a@b.co',
      country: 'japan',
      city: 'Tokyo',
      pay: '',
      ageGroup: 'Adults',
      duration: '12',
      classSize: '1 - 10',
      startDate: '',
      phone: '',
      link: '',
    };
    expect(JobDetailsSchema.safeParse(valid).success).toBe(true);
    expect(messages(JobDetailsSchema, { ...valid, companyName: '', pay: 'x', link: 'http://x.example' })).toEqual({
      companyName: 'Required',
      pay: 'Must be at least 2 characters',
      link: 'Must include https://',
    });
    expect(messages(JobDetailsSchema, { ...valid, city: 'Atlantis' })).toEqual({ city: 'Choose a city from the list' });
    expect(messages(JobDetailsSchema, { ...valid, startDate: undefined })).toEqual({ startDate: 'Required' });
  });

  it('resume details: every field required', () => {
    const issues = messages(ResumeDetailsSchema, {});
    expect(Object.keys(issues).sort()).toEqual(
      [
        'desiredAgeGroup',
        'desiredCountry',
        'desiredStartDate',
        'education',
        'email',
        'experience',
        'name',
        'nationality',
      ].sort(),
    );
    expect(new Set(Object.values(issues))).toEqual(new Set(['Required']));
  });
});

describe('text that cannot be stored', () => {
  it('finds NUL and lone surrogates anywhere in a value, keys included', () => {
    expect(isStorableText('plain, accented é and 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\uD800')).toBe(false);
    expect(isStorableText('x\uDC00')).toBe(false);
    expect(findUnstorableText({ a: 'ok', b: [1, { c: 'bad\u0000' }] })).toBe('b.1.c');
    expect(findUnstorableText({ ['k\u0000']: 'ok' })).toBe('k\u0000');
    expect(findUnstorableText('\u0000')).toBe('');
    expect(findUnstorableText({ a: ['ok', 2, null, true] })).toBeNull();
    // Raw bodies are bytes, not text: not walked (a 1 MB webhook body would be a million entries).
    expect(findUnstorableText(new Uint8Array([0, 0, 0]))).toBeNull();
    expect(findUnstorableText(Object.assign(Object.create(null) as object, { q: 'a\u0000' }))).toBe('q');
  });

  it('the form schemas refuse it with a message', () => {
    const name = requiredText(50).safeParse('Ann\u0000');
    expect(name.success).toBe(false);
    expect(name.error?.issues[0]?.message).toBe(UNSTORABLE_TEXT);
    const login = CredentialsSchema.safeParse({ email: 'ann\u0000@example.com', password: 'secret123' });
    expect(login.success).toBe(false);
    expect(login.error?.issues.map((i) => i.message)).toContain(UNSTORABLE_TEXT);
  });
});

const uuid = '0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b10';
const tile = {
  uuid,
  title: 'Kindergarten Teacher',
  companyName: 'Sakura English',
  country: 'japan',
  city: 'Tokyo',
  ageGroup: 'Children',
  pay: '¥250,000 a month',
  startDate: '4',
  duration: '12',
  classSize: '1 - 10',
  thumbnail: null,
  salary: { currency: 'JPY', min: 250_000, max: null, period: 'month' },
  badges: ['housing'],
  permit: null,
  school: { slug: 'sakura-english', name: 'Sakura English', kind: 'recruiter' as const, verified: true },
  publishedDate: '2026-03-01T00:00:00.000Z',
};

describe('answer schemas', () => {
  it('accept the answers the routes send, and only the fields they declare', () => {
    const user = { uuid, email: 'ann@example.com', subscriptionId: null };
    expect(CurrentUserAnswerSchema.parse({ currentUser: { ...user, password_hash: 'x' } })).toEqual({
      currentUser: user,
    });
    expect(JobSearchAnswerSchema.parse({ results: [tile] })).toEqual({ results: [tile] });
    const job = {
      ...tile,
      email: 'hr@sakura.example',
      phone: '',
      link: '',
      descriptionHTML: '<p>Hello</p>',
      images: [],
      favoritedBy: [],
      status: 'published',
      terms: null,
      underReview: false,
      takenDown: false,
    };
    expect(JobAnswerSchema.parse({ job })).toEqual({ job });
    const config = { paymentProvider: 'test', blogUrl: 'https://blog.example', socialUrl: '' };
    expect(SiteConfigSchema.parse(config)).toEqual(config);
    const subscription = { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: '2026-04-01T00:00:00.000Z' };
    expect(SubscriptionViewSchema.parse(subscription)).toEqual(subscription);
  });

  it('refuse answers of another shape', () => {
    expect(CurrentUserAnswerSchema.safeParse({ currentUser: { uuid, email: 'a@b.co' } }).success).toBe(false);
    expect(JobSearchAnswerSchema.safeParse({ results: [{ ...tile, thumbnail: undefined }] }).success).toBe(false);
    expect(JobSearchAnswerSchema.safeParse([tile]).success).toBe(false);
    expect(JobSearchAnswerSchema.safeParse({ results: [{ ...tile, badges: ['pool'] }] }).success).toBe(false);
    expect(JobAnswerSchema.safeParse({ job: { ...tile, status: 'deleted' } }).success).toBe(false);
    expect(SiteConfigSchema.safeParse({ paymentProvider: 'paypal', blogUrl: '', socialUrl: '' }).success).toBe(false);
    expect(
      SubscriptionViewSchema.safeParse({ status: 'active', cancelAtPeriodEnd: 'no', currentPeriodEnd: '' }).success,
    ).toBe(false);
  });
});

describe("request schemas carry the routes' messages", () => {
  it('card, credit pack and subscription payment', () => {
    expect(CardSchema.parse({ number: ' 4242 4242 4242 4242 ', exp: '12 / 30', cvc: '123' }).number).toBe(
      '4242 4242 4242 4242',
    );
    expect(messages(CardSchema, { number: '', exp: '13/30', cvc: '12' })).toEqual({
      number: 'Required',
      exp: 'Use MM/YY',
      cvc: 'Three or four digits',
    });
    expect(messages(CreditIntentSchema, { quantity: 'two', userUuid: 'x' })).toEqual({
      quantity: 'Choose one, five or ten',
      userUuid: 'Not a valid id',
    });
    expect(messages(SubscriptionPaymentSchema, { customerId: ' ', paymentMethodId: 'pm_1', userUuid: uuid })).toEqual({
      customerId: 'Required',
    });
  });

  it('account deletion, resume content and signed links', () => {
    expect(messages(DeleteAccountSchema, {})).toEqual({ password: 'Required' });
    expect(messages(ResumeContentUploadSchema, { resumeHtml: 'x'.repeat(500_001) })).toEqual({
      resumeHtml: 'The resume text is too long',
    });
    expect(SignedLinkQuerySchema.parse({ expires: '1700000000000', sig: 'a'.repeat(64) })).toEqual({
      expires: 1_700_000_000_000,
      sig: 'a'.repeat(64),
    });
    expect(messages(SignedLinkQuerySchema, { expires: '1', sig: 'z' })).toEqual({ sig: 'Not a valid signature' });
  });
});

describe('error types', () => {
  it('are one list of codes, each named by itself', () => {
    for (const [name, code] of Object.entries(ERROR_TYPES)) expect(code).toBe(name);
    expect(isErrorCode('HAS_JOB')).toBe(true);
    expect(isErrorCode('SHUTTING_DOWN')).toBe(true);
    expect(isErrorCode('NETWORK')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
