import { describe, expect, it } from 'vitest';
import { parsePay, type BaseSalary } from './pay.js';

type Row = [text: string, country: string, expected: BaseSalary | null];

const month = (currency: string, value: number): BaseSalary => ({ currency, value, unitText: 'MONTH' });
const range = (currency: string, minValue: number, maxValue: number, unitText: BaseSalary['unitText'] = 'MONTH') => ({
  currency,
  minValue,
  maxValue,
  unitText,
});

const ROWS: Row[] = [
  // The formats schools type.
  ['2,500 USD per month', 'vietnam', month('USD', 2500)],
  ['15,000 - 20,000 RMB / month', 'china', range('CNY', 15_000, 20_000)],
  ['¥280,000/month', 'japan', month('JPY', 280_000)],
  ['¥15,000/month', 'china', month('CNY', 15_000)],
  ['¥15,000/month', 'vietnam', null],
  ['35,000 THB monthly', 'thailand', month('THB', 35_000)],
  ['$25/hour', 'vietnam', { currency: 'USD', value: 25, unitText: 'HOUR' }],
  ['NT$ 60,000 / month', 'taiwan', month('TWD', 60_000)],
  ['NT$650/hr', 'taiwan', { currency: 'TWD', value: 650, unitText: 'HOUR' }],
  ['$650 / hour', 'taiwan', null],
  ['Competitive', 'japan', null],
  ['', 'japan', null],
  // Ranges.
  ['$1,500 - $2,000 / month', 'vietnam', range('USD', 1500, 2000)],
  ['1,500–2,000 USD a month', 'vietnam', range('USD', 1500, 2000)],
  ['2000 to 2500 usd each month', 'vietnam', range('USD', 2000, 2500)],
  ['from 2,000 to 2,500 USD/month', 'vietnam', range('USD', 2000, 2500)],
  ['between 2000 and 2500 USD per month', 'vietnam', range('USD', 2000, 2500)],
  ['15,000~20,000 RMB/月', 'china', range('CNY', 15_000, 20_000)],
  ['2,500 - 2,000 USD/month', 'vietnam', null],
  ['2.3 - 2.6 million KRW / month', 'south-korea', range('KRW', 2_300_000, 2_600_000)],
  ['15-20k RMB per month', 'china', range('CNY', 15_000, 20_000)],
  ['800 - 1.2k USD/month', 'vietnam', range('USD', 800, 1200)],
  // Thousands and millions.
  ['25k RMB/month', 'china', month('CNY', 25_000)],
  ['25K rmb pm', 'china', month('CNY', 25_000)],
  ['30 million VND per month', 'vietnam', month('VND', 30_000_000)],
  ['30 mil VND/mo', 'vietnam', month('VND', 30_000_000)],
  ['30m VND monthly', 'vietnam', month('VND', 30_000_000)],
  ['15.000.000 VND/tháng', 'vietnam', month('VND', 15_000_000)],
  ['15.000.000đ / tháng', 'vietnam', month('VND', 15_000_000)],
  ['25 - 30 triệu đồng/tháng', 'vietnam', range('VND', 25_000_000, 30_000_000)],
  ['Rp 12.000.000 per bulan', 'indonesia', month('IDR', 12_000_000)],
  ['12,000,000 IDR / month', 'indonesia', month('IDR', 12_000_000)],
  ['Rp 10 juta / month', 'indonesia', month('IDR', 10_000_000)],
  ['2.5 million won a month', 'south-korea', month('KRW', 2_500_000)],
  ['₩2,500,000 per month', 'south-korea', month('KRW', 2_500_000)],
  ['월 250만원', 'south-korea', month('KRW', 2_500_000)],
  ['月薪1.5万元', 'china', month('CNY', 15_000)],
  ['時給3000円', 'japan', { currency: 'JPY', value: 3000, unitText: 'HOUR' }],
  ['３０００円／時', 'japan', { currency: 'JPY', value: 3000, unitText: 'HOUR' }],
  ['300,000 yen a month', 'japan', month('JPY', 300_000)],
  ['35,000 บาท/เดือน', 'thailand', month('THB', 35_000)],
  ['฿40,000 - ฿50,000 per month', 'thailand', range('THB', 40_000, 50_000)],
  ['35,000 baht/mo', 'thailand', month('THB', 35_000)],
  // Codes, names and signs.
  ['US$2,000 p.m.', 'china', month('USD', 2000)],
  ['2000 US dollars per month', 'japan', month('USD', 2000)],
  ['18,000 CNY per month', 'china', month('CNY', 18_000)],
  ['18000 yuan a month', 'china', month('CNY', 18_000)],
  ['18000元/月', 'china', month('CNY', 18_000)],
  ['60000元/月', 'taiwan', month('TWD', 60_000)],
  ['60,000 NTD per month', 'taiwan', month('TWD', 60_000)],
  ['60,000 TWD monthly', 'taiwan', month('TWD', 60_000)],
  ['€2,000 per month', 'china', month('EUR', 2000)],
  ['2000 EUR/month', 'china', month('EUR', 2000)],
  ['£30,000 per annum', 'china', { currency: 'GBP', value: 30_000, unitText: 'YEAR' }],
  ['30,000 GBP p.a.', 'china', { currency: 'GBP', value: 30_000, unitText: 'YEAR' }],
  ['S$4,000/month', 'vietnam', null],
  ['HK$ 20,000 per month', 'china', null],
  ['2,500 SGD per month', 'vietnam', null],
  // Units.
  ['4,000,000 JPY yearly', 'japan', { currency: 'JPY', value: 4_000_000, unitText: 'YEAR' }],
  ['4 million yen annual salary', 'japan', { currency: 'JPY', value: 4_000_000, unitText: 'YEAR' }],
  ['USD 40,000 annually', 'china', { currency: 'USD', value: 40_000, unitText: 'YEAR' }],
  ['USD 40,000 / yr', 'china', { currency: 'USD', value: 40_000, unitText: 'YEAR' }],
  ['$25 per hr', 'vietnam', { currency: 'USD', value: 25, unitText: 'HOUR' }],
  ['$25 hourly', 'vietnam', { currency: 'USD', value: 25, unitText: 'HOUR' }],
  ['$22.50 an hour', 'vietnam', { currency: 'USD', value: 22.5, unitText: 'HOUR' }],
  ['$500 per week', 'vietnam', null],
  ['$100 a day', 'vietnam', null],
  ['$30 per lesson', 'vietnam', null],
  ['2,500 USD per month or 30,000 USD per year', 'vietnam', null],
  // Without one of number, currency and unit, or with too much.
  ['2,500 per month', 'vietnam', null],
  ['2,500 USD', 'vietnam', null],
  ['USD per month', 'vietnam', null],
  ['12,000 - 16,000 RMB + housing', 'china', null],
  ['2,500 USD or 35,000 THB per month', 'thailand', null],
  ['2,500 USD/month, 12 month contract', 'vietnam', null],
  ['2 500 USD/month', 'vietnam', null],
  ['0 USD/month', 'vietnam', null],
  // Open ranges and numbers that read two ways: null rather than a guess.
  ['up to 3,000 USD/month', 'vietnam', null],
  ['Up to $3,000 per month', 'vietnam', null],
  ['from 2,000 USD/month', 'vietnam', null],
  ['2,500+ USD/month', 'vietnam', null],
  ['2,500 USD/month + housing', 'vietnam', month('USD', 2500)],
  ['15000元/月以上', 'china', null],
  ['1.500 USD/month', 'vietnam', null],
  ['1.500 JPY/hour', 'japan', { currency: 'JPY', value: 1500, unitText: 'HOUR' }],
  ['2,5 million VND/month', 'vietnam', month('VND', 2_500_000)],
  ['1,50,000 INR/month', 'vietnam', null],
  // Control characters, lone surrogates and the names of built-in properties are only noise.
  ['2500\u0000USD/month', 'vietnam', month('USD', 2500)],
  ['\uD800 2500 USD/month \uDFFF', 'vietnam', month('USD', 2500)],
  ['2500 constructor USD __proto__ /month toString', 'vietnam', month('USD', 2500)],
];

const HOSTILE: string[] = [
  'x'.repeat(10_240),
  '2,500 USD per month '.repeat(600),
  `${'9'.repeat(400)} USD/month`,
  `${'1,'.repeat(5000)}1 USD/month`,
  '\u0000\u0000 USD\u0000/month',
  '😀💰🇯🇵 2500 🤑',
  '$$$ --- /// ~~~ +++ ¥¥¥ 元元元',
  '-',
  '–',
  '- 5 - 6 - 7 USD/month',
  '1e309 USD/month',
  'NaN USD/month',
  'Infinity USD/month',
  '9999999999999999999999 USD/month',
  '0x1F USD/month',
  '\u202E2500 DSU/htnom\u202C',
  'constructor prototype __proto__ toString valueOf',
  '١٢٣ USD/month',
  ' '.repeat(10_000),
];

describe('parsePay', () => {
  it.each(ROWS)('reads %j in %s', (text, country, expected) => {
    expect(parsePay(text, country)).toEqual(expected);
  });

  it('covers at least 30 formats', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(30);
    expect(ROWS.filter(([, , expected]) => expected !== null).length).toBeGreaterThanOrEqual(30);
  });

  it('answers numbers, one currency of ISO 4217 and min <= max whenever it answers', () => {
    for (const [text, country] of ROWS) {
      const pay = parsePay(text, country);
      if (pay === null) continue;
      expect(pay.currency, text).toMatch(/^[A-Z]{3}$/);
      if (pay.value !== undefined) {
        expect(pay.minValue ?? pay.maxValue, text).toBeUndefined();
        expect(Number.isFinite(pay.value), text).toBe(true);
      } else {
        expect(pay.minValue!, text).toBeLessThanOrEqual(pay.maxValue!);
      }
    }
  });

  it.each(HOSTILE.map((text) => [text.length > 60 ? `${text.slice(0, 60)}… (${text.length})` : text, text]))(
    'never throws and answers null on %j',
    (_name, text) => {
      for (const country of ['japan', 'taiwan', 'nowhere', '']) expect(parsePay(text, country)).toBeNull();
    },
  );

  it('reads a 10 KB string quickly', () => {
    const started = Date.now();
    for (const text of HOSTILE) parsePay(text, 'china');
    parsePay(`${'2,'.repeat(80)}`, 'china');
    expect(Date.now() - started).toBeLessThan(500);
  });
});
