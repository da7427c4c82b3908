// Reads the pay a school typed ("15,000 - 20,000 RMB / month") into a schema.org baseSalary. A wrong
// salary in a search engine's job listing is worse than none, so anything unclear answers null:
// no number, no currency, no unit, two currencies or units, an open range ("up to 3,000",
// "2,500+"), a number that could be read two ways ("1.500 USD"), or more than two numbers.

export interface BaseSalary {
  /** ISO 4217 */
  currency: string;
  value?: number;
  minValue?: number;
  maxValue?: number;
  unitText: 'MONTH' | 'YEAR' | 'HOUR';
}

/** A pay field holds at most 80 characters; anything much longer is not a pay line. */
const MAX_PAY_TEXT = 200;
/** Larger than any salary in any of these currencies (a trillion dong is 40 million dollars). */
const MAX_AMOUNT = 1e12;

/** Currencies whose amounts are written without decimals, so "1.500" can only mean 1,500. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'IDR']);

/** A currency the board cannot name for certain in this country: the whole text answers null. */
const UNCLEAR = 'unclear';

type Unit = BaseSalary['unitText'] | typeof UNCLEAR;
type Currency = string;

/** Words and signs for a currency, whatever the country. */
const CURRENCY_WORDS = new Map<string, Currency>(
  Object.entries({
    usd: 'USD',
    rmb: 'CNY',
    cny: 'CNY',
    yuan: 'CNY',
    kuai: 'CNY',
    jpy: 'JPY',
    yen: 'JPY',
    円: 'JPY',
    krw: 'KRW',
    won: 'KRW',
    원: 'KRW',
    '₩': 'KRW',
    thb: 'THB',
    baht: 'THB',
    '฿': 'THB',
    vnd: 'VND',
    dong: 'VND',
    '₫': 'VND',
    idr: 'IDR',
    rp: 'IDR',
    rupiah: 'IDR',
    twd: 'TWD',
    ntd: 'TWD',
    nt: 'TWD',
    eur: 'EUR',
    euro: 'EUR',
    euros: 'EUR',
    '€': 'EUR',
    gbp: 'GBP',
    '£': 'GBP',
    // Other countries' dollars and money: never read as one of ours.
    sgd: UNCLEAR,
    hkd: UNCLEAR,
    aud: UNCLEAR,
    cad: UNCLEAR,
    nzd: UNCLEAR,
    myr: UNCLEAR,
    php: UNCLEAR,
    inr: UNCLEAR,
    mop: UNCLEAR,
    rm: UNCLEAR,
  }),
);

/** "$" and "dollars" are US dollars, except in Taiwan, where a bare dollar may well be NT$. */
function dollarIn(country: string): Currency {
  return country === 'taiwan' ? UNCLEAR : 'USD';
}

/** ¥ is the yen in Japan and the yuan in China; elsewhere nobody can tell. */
function yenSignIn(country: string): Currency {
  if (country === 'japan') return 'JPY';
  if (country === 'china') return 'CNY';
  return UNCLEAR;
}

/** 元 is the yuan in China and the New Taiwan dollar in Taiwan. */
function yuanSignIn(country: string): Currency {
  if (country === 'china') return 'CNY';
  if (country === 'taiwan') return 'TWD';
  return UNCLEAR;
}

const UNIT_WORDS = new Map<string, Unit>(
  Object.entries({
    month: 'MONTH',
    months: 'MONTH',
    monthly: 'MONTH',
    mo: 'MONTH',
    mos: 'MONTH',
    mth: 'MONTH',
    mths: 'MONTH',
    mnth: 'MONTH',
    pm: 'MONTH',
    thang: 'MONTH',
    bulan: 'MONTH',
    月: 'MONTH',
    월: 'MONTH',
    year: 'YEAR',
    years: 'YEAR',
    yearly: 'YEAR',
    annual: 'YEAR',
    annually: 'YEAR',
    annum: 'YEAR',
    pa: 'YEAR',
    yr: 'YEAR',
    yrs: 'YEAR',
    tahun: 'YEAR',
    年: 'YEAR',
    년: 'YEAR',
    연: 'YEAR',
    hour: 'HOUR',
    hours: 'HOUR',
    hourly: 'HOUR',
    hr: 'HOUR',
    hrs: 'HOUR',
    h: 'HOUR',
    gio: 'HOUR',
    jam: 'HOUR',
    时: 'HOUR',
    時: 'HOUR',
    시: 'HOUR',
    // Pay per week, day or lesson has no place in MONTH, YEAR or HOUR.
    week: UNCLEAR,
    weeks: UNCLEAR,
    weekly: UNCLEAR,
    wk: UNCLEAR,
    day: UNCLEAR,
    days: UNCLEAR,
    daily: UNCLEAR,
    lesson: UNCLEAR,
    lessons: UNCLEAR,
    class: UNCLEAR,
    classes: UNCLEAR,
    session: UNCLEAR,
    sessions: UNCLEAR,
    semester: UNCLEAR,
    term: UNCLEAR,
    周: UNCLEAR,
    天: UNCLEAR,
    日: UNCLEAR,
    课: UNCLEAR,
  } satisfies Record<string, Unit>),
);

/** Thai runs its words together ("บาทต่อเดือน", baht per month): the currency and unit inside one run. */
function readThai(word: string, currencies: Set<Currency>, units: Set<Unit>): void {
  if (word.includes('บาท')) currencies.add('THB');
  if (word.includes('เดือน')) units.add('MONTH');
  if (word.includes('ชั่วโมง')) units.add('HOUR');
  if (word === 'ปี' || word.startsWith('ต่อปี') || word.startsWith('ปีละ')) units.add('YEAR');
}

/** Words that multiply the number just before them: "25k", "30 million", "2.5 triệu", "25万". */
const MULTIPLIERS = new Map<string, number>(
  Object.entries({
    k: 1e3,
    thousand: 1e3,
    ribu: 1e3,
    rb: 1e3,
    千: 1e3,
    천: 1e3,
    万: 1e4,
    萬: 1e4,
    만: 1e4,
    m: 1e6,
    mil: 1e6,
    mio: 1e6,
    mn: 1e6,
    million: 1e6,
    millions: 1e6,
    tr: 1e6,
    trieu: 1e6,
    juta: 1e6,
    jt: 1e6,
  }),
);

/** Between two numbers these make a range. */
const RANGE_SIGNS = new Set(['-', '–', '—', '~', '〜', '～', 'to', 'den']);

/** With one number, these make it a bound, not the pay: "up to 3,000", "from 2,000", "以上". */
const BOUND_WORDS = new Set([
  'up',
  'upto',
  'from',
  'starting',
  'min',
  'minimum',
  'max',
  'maximum',
  'least',
  'most',
  'over',
  'above',
  'under',
  'below',
  'more',
  'less',
  'tu',
  '以',
  '起',
]);

interface Amount {
  /** As typed: digits with their separators ("12,000", "2.5"). */
  digits: string;
  multiplier: number | null;
}

type Token =
  | { kind: 'number'; text: string; spaceBefore: boolean }
  | { kind: 'word'; text: string; folded: string; spaceBefore: boolean }
  | { kind: 'thai'; text: string; spaceBefore: boolean }
  | { kind: 'sign'; text: string; spaceBefore: boolean };

// A number with its separators, a run of Latin letters (with accents), one Han or Hangul character,
// a run of Thai letters, or any one other character. Every alternative moves forward, so reading a
// text is linear in its length whatever it holds.
const TOKEN =
  /(\s+)|(\d+(?:[.,]\d+)*)|([\p{Script=Latin}\p{M}]+)|([\p{Script=Han}\p{Script=Hangul}])|(\p{Script=Thai}+)|(.)/suy;

function* tokensOf(text: string): Generator<Token> {
  const pattern = new RegExp(TOKEN.source, TOKEN.flags);
  let spaceBefore = false;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const [, space, number, latin, cjk, thai, other] = match;
    if (space !== undefined) {
      spaceBefore = true;
      continue;
    }
    if (number !== undefined) yield { kind: 'number', text: number, spaceBefore };
    else if (latin !== undefined) yield { kind: 'word', text: latin, folded: foldLatin(latin), spaceBefore };
    else if (cjk !== undefined) yield { kind: 'word', text: cjk, folded: cjk, spaceBefore };
    else if (thai !== undefined) yield { kind: 'thai', text: thai, spaceBefore };
    else yield { kind: 'sign', text: other ?? '', spaceBefore };
    spaceBefore = false;
  }
}

/** "đồng" → "dong", "triệu" → "trieu", "Tháng" → "thang". */
function foldLatin(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd');
}

/**
 * The digits as a number, or null when they can be read two ways or not at all. "12,000",
 * "12,000.50", "15.000.000" and "2.5" are clear; "2,5" is a decimal comma; "1.500" is 1,500 only
 * in a currency without decimals or before a multiplier ("1.500 million" stays 1.5 million).
 */
function readDigits(digits: string, currency: Currency, hasMultiplier: boolean): number | null {
  let whole: string;
  let fraction = '';
  if (/^\d+$/.test(digits)) whole = digits;
  else if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits)) {
    [whole, fraction = ''] = digits.replace(/,/g, '').split('.') as [string, string?];
  } else if (/^\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?$/.test(digits)) {
    [whole, fraction = ''] = digits.replace(/\./g, '').split(',') as [string, string?];
  } else if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(digits)) {
    [whole, fraction = ''] = digits.replace(/\./g, '').split(',') as [string, string?];
  } else if (/^\d{1,3}\.\d{3}$/.test(digits)) {
    if (hasMultiplier) [whole, fraction] = digits.split('.') as [string, string];
    else if (ZERO_DECIMAL.has(currency)) whole = digits.replace('.', '');
    else return null;
  } else if (/^\d+\.\d+$/.test(digits)) {
    [whole, fraction] = digits.split('.') as [string, string];
  } else if (/^\d+,\d{1,2}$/.test(digits)) {
    [whole, fraction] = digits.split(',') as [string, string];
  } else return null;
  // Whole digits and a power of ten, so 2.3 million is 2,300,000 and not 2,299,999.9999999995.
  const scaled = Number(whole + fraction);
  const value = scaled / 10 ** fraction.length;
  return Number.isFinite(value) ? value : null;
}

function amountOf(amount: Amount, currency: Currency, inheritedMultiplier: number | null): number | null {
  const multiplier = amount.multiplier ?? inheritedMultiplier;
  const base = readDigits(amount.digits, currency, multiplier !== null);
  if (base === null) return null;
  const value = Math.round(base * (multiplier ?? 1) * 100) / 100;
  return value > 0 && value < MAX_AMOUNT ? value : null;
}

export function parsePay(text: string, country: string): BaseSalary | null {
  if (typeof text !== 'string' || text.length > MAX_PAY_TEXT) return null;
  // Full-width digits and signs (２５００, ￥) read as their plain forms; "p.m." and "p.a." as words.
  const normal = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?<!\p{L})p\.\s?([ma])\.?(?!\p{L})/gu, ' p$1 ');

  const currencies = new Set<Currency>();
  const units = new Set<Unit>();
  const amounts: Amount[] = [];
  let hasRangeSign = false;
  let rangeSignBetween = false;
  let isBound = false;
  let saysBetween = false;
  let previous: Token | undefined;

  for (const token of tokensOf(normal)) {
    const afterNumber = previous?.kind === 'number';
    if (token.kind === 'number') {
      if (amounts.length === 2) return null;
      if (amounts.length === 1) {
        if (!hasRangeSign) return null;
        rangeSignBetween = true;
      }
      amounts.push({ digits: token.text, multiplier: null });
    } else if (token.kind === 'thai') {
      readThai(token.text, currencies, units);
    } else if (token.kind === 'word') {
      const word = token.folded;
      const last = amounts.at(-1);
      // "25k", "30 million": a multiplier right after its number, with or without a space.
      const multiplier = MULTIPLIERS.get(word);
      const currency = CURRENCY_WORDS.get(word);
      const unit = UNIT_WORDS.get(word);
      if (afterNumber && last && multiplier !== undefined) last.multiplier = multiplier;
      else if (token.text === 'đ') currencies.add('VND');
      else if (word === 'us') {
        /* "US$", "US dollars": the dollar that follows says it. */
      } else if (word === 'dollar' || word === 'dollars') {
        currencies.add(previous?.kind === 'word' && previous.folded === 'us' ? 'USD' : dollarIn(country));
      } else if (word === '元' || word === '块' || word === '塊') currencies.add(yuanSignIn(country));
      else if (currency !== undefined) currencies.add(currency);
      else if (unit !== undefined) units.add(unit);
      else if (RANGE_SIGNS.has(word) || (word === 'and' && saysBetween)) hasRangeSign ||= amounts.length === 1;
      else if (BOUND_WORDS.has(word)) isBound = true;
      else if (word === 'between') saysBetween = true;
    } else {
      const sign = token.text;
      if (sign === '$') {
        // "US$", "NT$" and "NT $": the letters before the sign name the dollar; "S$", "HK$" are not ours.
        const prefix = previous?.kind === 'word' ? previous.folded : null;
        if (prefix === 'us') currencies.add('USD');
        else if (prefix === 'nt') currencies.add('TWD');
        else if (prefix !== null && !token.spaceBefore) currencies.add(UNCLEAR);
        else currencies.add(dollarIn(country));
      } else if (sign === '¥') currencies.add(yenSignIn(country));
      else if (CURRENCY_WORDS.has(sign)) currencies.add(CURRENCY_WORDS.get(sign)!);
      else if (RANGE_SIGNS.has(sign)) hasRangeSign ||= amounts.length === 1;
      // "2,500+": at least 2,500.
      else if (sign === '+' && afterNumber && !token.spaceBefore) isBound = true;
    }
    previous = token;
  }

  // "NT$" counts once as TWD: the "nt" before the sign is the same currency.
  if (currencies.size !== 1 || units.size !== 1) return null;
  const [currency] = currencies as Set<Currency>;
  const [unitText] = units as Set<Unit>;
  if (currency === undefined || currency === UNCLEAR || unitText === undefined || unitText === UNCLEAR) return null;

  if (amounts.length === 1) {
    if (isBound) return null;
    const value = amountOf(amounts[0]!, currency, null);
    return value === null ? null : { currency, value, unitText };
  }
  if (amounts.length !== 2 || !rangeSignBetween) return null;
  const [low, high] = amounts as [Amount, Amount];
  // "15-20k" is 15k to 20k; "800 - 1.2k" is 800 to 1,200.
  const lowRaw = readDigits(low.digits, currency, true);
  const highRaw = readDigits(high.digits, currency, true);
  const shared = low.multiplier === null && lowRaw !== null && highRaw !== null && lowRaw < highRaw;
  const minValue = amountOf(low, currency, shared ? high.multiplier : null);
  const maxValue = amountOf(high, currency, null);
  if (minValue === null || maxValue === null || minValue > maxValue) return null;
  return { currency, minValue, maxValue, unitText };
}
