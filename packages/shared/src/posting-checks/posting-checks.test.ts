import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_RULES } from '../eligibility/rules.js';
import {
  EXCERPT_MAX,
  MOST_ISSUES_PER_RULE,
  POSTING_RULE_IDS,
  POSTING_RULES,
  checkPosting,
  type PostingIssue,
  type PostingRuleId,
} from './posting-checks.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every issue of a description holding `text` as one paragraph. */
function issuesOf(text: string): PostingIssue[] {
  const { blocks, warnings } = checkPosting({ title: '', payNotes: '', descriptionHTML: `<p>${escapeHtml(text)}</p>` });
  return [...blocks, ...warnings];
}

/** Sentences each rule must find, as schools (or scammers) write them. */
const FOUND: Record<PostingRuleId, string[]> = {
  asks_for_money: [
    'There is an application fee of $200.',
    'A placement fee applies to all successful candidates.',
    'You must pay a deposit before you arrive.',
    'Visa processing fee paid by the teacher.',
    'Send 300 USD to secure your place.',
    'Registration fee: 150 USD, due on signing.',
    'A refundable deposit of $500 is required.',
    'Teachers pay a one-time administration fee.',
    'Please wire the payment to our company account.',
    'Payment by Western Union only.',
    "Our agency charges a recruitment fee of one month's salary.",
    'The visa fee (about $150) is paid by the teacher.',
    'We pay your flights, but the placement fee is yours.',
    'We cover the visa fee and charge a placement fee of $300.',
    'We pay for your flights and the placement fee is $300.',
    'A $300 fee secures your interview.',
    'Transfer 5,000 baht to hold the position.',
    'Candidates must pay us 20,000 yen in advance.',
    'Teachers must pay 500 USD upfront.',
    'A security deposit of one month of salary is held by the school.',
    'The placement fee is refunded after you finish the contract.',
    'A $500 deposit, returned at the end of the contract.',
    'We handle your visa for a processing fee of $300.',
    'We pay half of the visa fee.',
    'Training course fee: 1,000 USD (includes job placement).',
    'Payment is required to confirm your placement.',
    'Interview fee ＄200.',
    'The place\u200bment fee is small.',
    'Teachers pay their own visa costs.',
    // BEYOND §9 counts a visa fee the teacher pays, though the contract sheet can say the teacher pays.
    'The teacher pays the visa fee.',
    'A 1,000 USD bond is held until you finish the contract.',
    'Teachers pay 15,000 baht for the visa paperwork.',
    'Placement fee refundable after 12 months.',
    'We will deduct the agency fee from your first salary.',
    'Send 200 dollars by PayPal to book your interview.',
    'A deposit of $500 goes to the school, not the landlord.',
    'Placement fee refunded by the school after 12 months.',
    'A bonus of $500 minus the placement fee.',
  ],
  tourist_visa: [
    'You can work on a tourist visa.',
    'Business visa is fine.',
    'You can start on a visa-free entry and we will sort it later.',
    'Tourist visa holders welcome.',
    'Enter on a 30-day visa exemption and start teaching the next week.',
    'Teachers do a visa run to Laos every three months.',
    'Visa: tourist.',
    'Start teaching before your work permit arrives.',
    'No work visa needed.',
    'We hire teachers on F visas.',
    'You will work on an ED visa while you study Thai.',
    'Come on a business visa, no problem.',
    'No problem to work on a tourist visa.',
    'Teach with a student visa.',
    'Most of our teachers work on a visa on arrival.',
    'We convert your tourist visa after arrival.',
    'Work on a tourist visa for the first 3 months.',
  ],
  discriminatory: [
    'Caucasian only.',
    'White teachers only.',
    'We are looking for white native speakers.',
    'Female only.',
    'Female teachers preferred.',
    'Must be under 35.',
    'Age 22-35.',
    'Applicants must be attractive.',
    'Good-looking candidates will be preferred.',
    'Blonde hair is a plus.',
    'We only hire women.',
    'Gender: male.',
    'Fair-skinned teachers preferred.',
    'Between the ages of 25 and 40.',
    'Young and energetic teachers wanted.',
    'Under 40 years old.',
    'Teachers over 45 need not apply.',
    'Looking for a female teacher for our kindergarten.',
    'Must be male.',
    'An attractive female teacher.',
    'Height: at least 165 cm.',
    'Western face required.',
    'Applicants aged 25-35.',
    'Age limit: 45.',
    'Non-Asian candidates only.',
    'Slim figure.',
    'No blacks.',
    'Preferably female, 22-30 years old.',
    'Preference will be given to female applicants.',
    'Must be white.',
    'Young teachers preferred.',
    'Only young, attractive teachers.',
    'Male teacher wanted.',
    'We need a pretty girl to teach kindergarten.',
    // A visa's age limit is the visa's to state: the suggestion is "must qualify for a Z visa".
    'Teachers must be under 40 because of the visa.',
    'Teachers over 60 may not qualify for the Z visa.',
  ],
  native_speaker: [
    'Native speakers only.',
    'Native English speaker required.',
    'We are hiring a native-speaking teacher.',
    'Must be a native speaker from the US, UK or Canada.',
    'NES preferred.',
    'English as your first language.',
    'Native English teacher.',
    'Native English only.',
    'Non-native speakers need not apply.',
    'Not a native speaker? Sorry, we cannot hire you.',
    'You must be a native speaker.',
  ],
  messenger_contact: [
    'WeChat: school_bj2024',
    'Add me on WeChat to apply.',
    'LINE ID: @bkkschool',
    'KakaoTalk ID: hagwon123',
    'WhatsApp +84 912 345 678',
    'Telegram @hiring_hr',
    'Zalo 0912345678',
    'Message us on Telegram for a faster answer.',
    'QQ: 12345678',
    'Add us on LINE.',
    'Send your CV via WhatsApp.',
    'Contact our HR on Zalo: 0912 345 678',
    'Add our recruiter on KakaoTalk: hagwonhr',
  ],
  private_email: [
    'Or e-mail jane.doe@gmail.com with your CV.',
    'Apply to hr_school@qq.com',
    'kim.teacher@naver.com',
    'Questions: contact@yahoo.co.jp',
    'teacher.jobs [at] hotmail [dot] com',
    'Write to john at gmail dot com.',
  ],
};

/** Sentences that look like a rule's words and are fine: the rule must let each through. */
const LET_THROUGH: Record<PostingRuleId, string[]> = {
  asks_for_money: [
    'We pay your visa fee.',
    'The school covers the visa fee.',
    'No placement fee.',
    'No fee for teachers.',
    'Free of charge for teachers.',
    'Deposit for the apartment is paid by the school.',
    'Housing deposit covered.',
    'We cover the visa and placement fees.',
    'Visa fees reimbursed after your first month.',
    'Salary is paid by direct deposit on the 25th of each month.',
    'We deposit your salary into a local bank account.',
    'We never charge teachers any fees.',
    'TeachEast never asks teachers for money.',
    'You will not be asked to pay a deposit.',
    'No application or placement fees, ever.',
    'The security deposit for your apartment is paid by Maple Academy.',
    'Application fee: none.',
    'A $500 allowance for visa costs.',
    'Teachers can easily send money home.',
    'Tuition fees for your children are waived.',
    'You pay for your own flights, reimbursed on arrival.',
    'Teachers pay their own rent of about 30,000 THB a month.',
    'We pay 2,500,000 KRW a month and a completion bonus.',
    'Key money and deposit covered by the school.',
    'Flights paid, visa fees paid.',
    'We transfer a settling-in allowance of $500 on arrival.',
    'Health insurance: the school pays half, you pay half.',
    'The application deadline is 30 June.',
    'Apply early to secure your place.',
    'Send us your CV and a short introduction.',
    'The school pays the housing deposit and the first month of rent.',
    'Visa costs are covered by the school.',
    'Visa fee reimbursement after probation.',
    'Visa fees reimbursed by the school on arrival.',
    'A deposit of 10,000 THB is paid to the landlord; the school lends it interest-free.',
    'Build a strong bond with your students.',
    'The school reimburses the E-2 visa issuance fee.',
    'We refund the visa fee with your first salary.',
    'Joining bonus: 2,000 RMB.',
    'A referral bonus of $500 for each teacher you bring.',
    'Work permit and visa fees are paid by the school.',
    'Non-Immigrant B visa and work permit provided at no cost to the teacher.',
    // Paid to a hospital, a landlord or a utility, not asked by the school.
    'The teacher pays for the medical check, about 1,500 baht.',
    'Teachers are responsible for utilities, internet and gas.',
  ],
  tourist_visa: [
    'We sponsor your E-2 visa, not a tourist visa.',
    'Do not come on a tourist visa.',
    'Working on a tourist visa is illegal; we sponsor your Z visa.',
    'Tourist visas are not accepted.',
    'We never ask teachers to work on a business visa.',
    'We provide the Non-Immigrant B visa and the work permit.',
    'Non-B (business) visa and work permit provided.',
    'Help with the work visa.',
    'We never let teachers start without a work permit.',
    'Business English classes for company staff.',
    'Visa: E-2, sponsored by the school.',
    'A Z visa is provided; teaching on an L or F visa is never allowed.',
    'Work experience is needed before the visa application.',
    'Students on holiday study English with us in the summer.',
    'Our limited visa slots fill quickly, so apply early.',
    'We help you change your visa status from D-10 to E-2.',
    'Chinese law does not allow working on a business visa; we sponsor your Z visa.',
    'Changing a tourist visa into a work visa inside Thailand is not possible.',
    'Teachers with an F-4 or F-6 visa are welcome.',
    'Visa on arrival is available for your family members.',
    'We apply for your Certificate of Eligibility and you enter Japan on the Instructor visa.',
  ],
  discriminatory: [
    'Students aged 6-12.',
    'We teach adults.',
    "Classes for a women's university.",
    'Our students are aged 3 to 6.',
    'Adult learners aged 18-60.',
    'Class sizes must be under 20.',
    'Classes of under 25 students.',
    'Teachers with over 10 years of experience are welcome.',
    'Male and female teachers welcome.',
    'We hire regardless of race, colour, gender, age or nationality.',
    'Teachers of all ages and backgrounds are welcome.',
    'We teach girls and boys from 4 to 12.',
    "A girls' high school in Seoul.",
    'Most of our students are female.',
    'An attractive salary package.',
    'A beautiful campus by the sea.',
    'A handsome salary and free housing.',
    'Help young learners build confidence.',
    'A whiteboard and projector in every classroom.',
    'Dress code: white shirt and black trousers.',
    'South African passport holders welcome.',
    'Our school is 25 years old.',
    'Must be at least 21 years old.',
    'There is no age limit for the E-2 visa.',
    'Kids under 12 years old learn through play.',
    'Teenagers aged 13 to 18 preparing for exams.',
    'We teach business professionals aged 25-45.',
    'Female students make up most of our classes.',
    'A women-only university in Tokyo.',
    'We do not discriminate on the basis of gender or age.',
    'Candidates must be over 18.',
    'The IELTS band must be over 7.',
    'Average class size: 12 students, ages 4-10.',
    'An attractive teacher salary.',
    'We are looking for boys’ school teachers.',
    'Shirts must be white and shoes black.',
    'Young teachers and experienced teachers alike are welcome.',
    'Our teachers range in age from 24 to 61.',
    'Our teachers are between 23 and 60 years old and come from 12 countries.',
    'Students: adults aged 25-45 from local companies.',
    'We teach kids (4-12 years old) and adults.',
    'Gentlemen should wear a tie; ladies may wear a skirt or trousers.',
    'We are a young and dynamic team.',
    'Applicants must be fit to work and able to pass a health check.',
    'Females and males are equally welcome.',
  ],
  native_speaker: [
    'Native-level English speakers welcome.',
    'Native or near-native English.',
    'Near-native English speakers welcome.',
    'Native and non-native speakers welcome.',
    'Non-native speakers are welcome to apply.',
    'Our native Korean co-teachers support every class.',
    'Fluent English and a friendly manner.',
    'Net salary of 2,200,000 KRW.',
    'You do not need to be a native speaker.',
    'We do not require native speakers.',
    'No native speaker requirement: the visa decides.',
    'Native speaker status is not required.',
  ],
  messenger_contact: [
    'Salary can be paid by WeChat Pay or Alipay.',
    'Interviews are held on Skype or Zoom.',
    'We use WeChat groups to share news with parents.',
    'The bottom line: we pay on time.',
    'Line managers support new teachers.',
    'Students line up before class.',
    'Online classes on Saturdays.',
    'Bottom Line: our school cares.',
    "We will add you to our teachers' WeChat group after you sign.",
    'Classes run online on Zoom and in person.',
  ],
  private_email: [
    'Write to jobs@brightkids.example',
    'hr@school.edu.vn',
    'principal@gmail-school.org',
    'We reply to every e-mail within a week.',
    'Apply with the button on this page.',
  ],
};

/** Whole sentences of ordinary postings: nothing to refuse and nothing to warn of. */
const ORDINARY = [
  'We pay your visa fee, your flights and your first month of rent.',
  'No fee for teachers: the school pays the recruiter.',
  'Native-level English speakers welcome, whatever their passport.',
  'Our students aged 6-12 learn through songs, games and stories.',
  'Teach adults and university students in small evening classes.',
  'Classes for a women’s university in Seoul, ten minutes from the subway.',
  'The school covers the visa fee and the health check.',
  'Free of charge for teachers: we never ask for a deposit.',
  'The deposit for the apartment is paid by the school; utilities are yours.',
  'Salary: 2,400,000 KRW a month, paid on the 25th by bank transfer.',
  "A bachelor's degree in any subject and a clean criminal record check.",
  'Paid vacation of 18 days plus national holidays.',
  'Contract completion bonus of one month of salary.',
  'We sponsor the E-2 visa and reimburse the visa fees once you arrive.',
  'Teachers over the years have stayed with us for three contracts or more.',
  'The business district is a short bus ride away.',
  'Our young learners range from 4 to 7 years old.',
  'A friendly team of Korean and international teachers.',
  'We hire teachers of all ages and backgrounds.',
  'Interviews on Zoom; send us your CV and a short video.',
  'Pay: 18,000 RMB a month after tax, plus housing.',
];

describe('the rules as data', () => {
  it('are the six rules of BEYOND §9, each with its level, in order', () => {
    expect(POSTING_RULES.map((rule) => [rule.id, rule.level])).toEqual([
      ['asks_for_money', 'block'],
      ['tourist_visa', 'block'],
      ['discriminatory', 'block'],
      ['native_speaker', 'warn'],
      ['messenger_contact', 'warn'],
      ['private_email', 'warn'],
    ]);
    expect(POSTING_RULES.map((rule) => rule.id)).toEqual([...POSTING_RULE_IDS]);
  });

  it('say in a sentence or two what to change, and hold patterns that keep no state', () => {
    for (const rule of POSTING_RULES) {
      expect(rule.message, rule.id).toMatch(/^[A-Z"].{40,300}\.$/);
      expect(rule.message, rule.id).toMatch(/please/i);
      expect(rule.patterns.length, rule.id).toBeGreaterThan(0);
      // A global or sticky pattern remembers where it stopped, and would miss words on the next call.
      for (const words of [...rule.patterns, ...rule.allowed])
        expect(words.flags, `${rule.id} ${words.source}`).not.toMatch(/[gy]/);
    }
  });

  it('are tried on true and on false cases, each rule', () => {
    for (const id of POSTING_RULE_IDS) {
      expect(FOUND[id].length, id).toBeGreaterThanOrEqual(5);
      expect(LET_THROUGH[id].length, id).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('each rule finds what it is about', () => {
  const cases = POSTING_RULE_IDS.flatMap((rule) => FOUND[rule].map((text) => ({ rule, text })));
  it.each(cases)('$rule: $text', ({ rule, text }) => {
    const issues = issuesOf(text).filter((issue) => issue.rule === rule);
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue!.excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX);
    // The excerpt is words of the text as a reader sees it.
    expect(text.normalize('NFKC').replace(/\u200b/g, '')).toContain(issue!.excerpt.replace(/^…|…$/g, ''));
  });
});

describe('each rule lets through what only looks like it', () => {
  const cases = POSTING_RULE_IDS.flatMap((rule) => LET_THROUGH[rule].map((text) => ({ rule, text })));
  it.each(cases)('$rule: $text', ({ rule, text }) => {
    expect(issuesOf(text).filter((issue) => issue.rule === rule)).toEqual([]);
  });
});

describe('ordinary descriptions', () => {
  it.each(ORDINARY)('%s', (text) => {
    expect(issuesOf(text)).toEqual([]);
  });

  it('pass whole, as the rich-text editor writes them', () => {
    const html =
      '<p><strong>Maple Kids Academy</strong> in Busan is hiring an English teacher.</p>' +
      '<h2>What we offer</h2><ul><li>2,500,000 KRW a month</li><li>We pay your visa fee</li>' +
      '<li>No placement fee, no fee for teachers</li><li>Housing deposit covered</li>' +
      '<li>Free of charge for teachers</li></ul><h2>Requirements</h2>' +
      "<ul><li>A bachelor's degree</li><li>Native-level English speakers welcome</li></ul>" +
      '<p>Our students aged 6-12 love stories. <a href="mailto:jobs@maple.example">E-mail us</a>.</p>';
    expect(
      checkPosting({ title: 'Kindergarten English Teacher', payNotes: '2,500,000 KRW / month', descriptionHTML: html }),
    ).toEqual({
      blocks: [],
      warnings: [],
    });
  });
});

describe('checkPosting', () => {
  it('reads the title, the pay notes and the description, and says where the words are', () => {
    const check = checkPosting({
      title: 'Native English Teacher',
      payNotes: '2,000 USD / month, placement fee 300 USD',
      descriptionHTML: '<p>Female only.</p>',
    });
    expect(check.blocks).toEqual([
      expect.objectContaining({
        rule: 'asks_for_money',
        field: 'payNotes',
        excerpt: '2,000 USD / month, placement fee 300 USD',
      }),
      expect.objectContaining({ rule: 'discriminatory', field: 'descriptionHTML', excerpt: 'Female only.' }),
    ]);
    expect(check.warnings).toEqual([
      expect.objectContaining({ rule: 'native_speaker', field: 'title', excerpt: 'Native English Teacher' }),
    ]);
  });

  it('gives each issue the rule’s message and suggestion', () => {
    const [issue] = checkPosting({ title: '', payNotes: '', descriptionHTML: '<p>Application fee of $50.</p>' }).blocks;
    const rule = POSTING_RULES.find((r) => r.id === 'asks_for_money')!;
    expect(issue).toEqual({
      rule: 'asks_for_money',
      excerpt: 'Application fee of $50.',
      message: rule.message,
      suggestion: rule.suggestion,
      field: 'descriptionHTML',
    });
  });

  it('reads the description as plain text: tags gone, entities decoded, list items apart', () => {
    const excerpt = (descriptionHTML: string) =>
      checkPosting({ title: '', payNotes: '', descriptionHTML }).blocks.map((issue) => issue.excerpt);
    expect(excerpt('<p>Application&nbsp;fee of &#36;200 &amp; more</p>')).toEqual(['Application fee of $200 & more']);
    expect(excerpt('<p><strong>Place</strong>ment fee</p>')).toEqual(['Placement fee']);
    expect(excerpt('<p>place&shy;ment fee</p>')).toEqual(['placement fee']);
    expect(excerpt('<p>Fee of &#x24;200<!-- hidden --></p>')).toEqual(['Fee of $200']);
    // "We pay" in one item does not pay the fee of the next.
    expect(excerpt('<ul><li>We pay for</li><li>Placement fee: 300 USD</li></ul>')).toEqual(['Placement fee: 300 USD']);
    expect(excerpt('<p><a href="https://school.example/?a>b" target="_blank">Our page</a> placement fee</p>')).toEqual([
      'Our page placement fee',
    ]);
  });

  it('reads sentences apart, so that "no" in one does not clear a fee in the next', () => {
    expect(issuesOf('No experience needed. Registration fee required.').map((i) => i.excerpt)).toEqual([
      'Registration fee required.',
    ]);
    expect(issuesOf('No placement fee; visa fee paid by the teacher.').map((i) => i.excerpt)).toEqual([
      'visa fee paid by the teacher.',
    ]);
  });

  it('reads the targets of links for a messenger or a private address, and only for them', () => {
    const check = checkPosting({
      title: '',
      payNotes: '',
      descriptionHTML:
        '<p><a href="mailto:jane.doe@gmail.com">E-mail us</a> or <a href="https://wa.me/84912345678">chat</a>. ' +
        'Read about the <a href="https://immigration.example/visa-fee-schedule">visa</a>.</p>',
    });
    expect(check.blocks).toEqual([]);
    expect(check.warnings.map((issue) => [issue.rule, issue.excerpt])).toEqual([
      ['messenger_contact', 'https://wa.me/84912345678'],
      ['private_email', 'jane.doe@gmail.com'],
    ]);
  });

  it('cuts an excerpt between words, with a little context, at most EXCERPT_MAX characters', () => {
    const before = 'Our friendly school has taught English in the heart of the city for many years and';
    const after = 'which every teacher pays before the first day of the contract, as the law allows here';
    const [issue] = issuesOf(`${before} there is a placement fee ${after}.`);
    expect(issue!.excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(issue!.excerpt).toMatch(/^….* placement fee .*…$/);
    // Whole words only: the text after the ellipsis starts a word of the sentence.
    const inner = issue!.excerpt.slice(1, -1);
    expect(` ${before} there is a placement fee ${after}. `).toContain(` ${inner} `);

    const address = `${'a'.repeat(64)} [ at ] gmail [ dot ] com`;
    const [long] = issuesOf(address);
    expect(long!.excerpt.length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(long!.excerpt.endsWith('…')).toBe(true);
  });

  it('names the same words once, and at most MOST_ISSUES_PER_RULE places a rule', () => {
    expect(issuesOf('Native speakers only. Native speakers only.')).toHaveLength(1);
    const many = Array.from({ length: 12 }, (_, i) => `<p>Teacher ${i + 1} must be a native speaker.</p>`).join('');
    const check = checkPosting({ title: '', payNotes: '', descriptionHTML: many });
    expect(check.warnings).toHaveLength(MOST_ISSUES_PER_RULE);
    expect(check.warnings.map((issue) => issue.excerpt)).toEqual(
      Array.from({ length: MOST_ISSUES_PER_RULE }, (_, i) => `Teacher ${i + 1} must be a native speaker.`),
    );
  });

  it('lists the issues by rule, then by where they are', () => {
    const check = checkPosting({
      title: 'Native English Teacher, female only',
      payNotes: '',
      descriptionHTML:
        '<p>Placement fee $100.</p><p>Add me on WeChat.</p><p>Tourist visa is fine.</p><p>Native speakers only.</p>',
    });
    expect(check.blocks.map((issue) => [issue.rule, issue.field])).toEqual([
      ['asks_for_money', 'descriptionHTML'],
      ['tourist_visa', 'descriptionHTML'],
      ['discriminatory', 'title'],
    ]);
    expect(check.warnings.map((issue) => [issue.rule, issue.field])).toEqual([
      ['native_speaker', 'title'],
      ['native_speaker', 'descriptionHTML'],
      ['messenger_contact', 'descriptionHTML'],
    ]);
  });

  it('suggests "must qualify for" the job’s own permit, with its article', () => {
    const suggestion = (permitName?: string) =>
      checkPosting({ title: '', payNotes: '', descriptionHTML: '<p>Native speakers only.</p>', permitName })
        .warnings[0]!.suggestion;
    expect(suggestion('E-2 teaching visa')).toBe('Write "must qualify for an E-2 teaching visa" instead.');
    expect(suggestion('Z work visa')).toBe('Write "must qualify for a Z work visa" instead.');
    expect(suggestion()).toBe('Write "must qualify for a work visa" instead.');
    for (const permit of ELIGIBILITY_RULES.permits) {
      expect(suggestion(permit.name)).toMatch(
        new RegExp(`must qualify for an? ${permit.name.replace(/[/.()-]/g, '\\$&')}"`),
      );
    }
    const [tourist] = checkPosting({
      title: '',
      payNotes: '',
      descriptionHTML: '<p>Business visa is fine.</p>',
      permitName: 'E-2 teaching visa',
    }).blocks;
    expect(tourist!.suggestion).toBe('Say which work visa the school sponsors: "we sponsor your E-2 teaching visa".');
  });

  it('finds nothing in empty text', () => {
    expect(checkPosting({ title: '', payNotes: '', descriptionHTML: '' })).toEqual({ blocks: [], warnings: [] });
    expect(checkPosting({ title: ' ', payNotes: '\n', descriptionHTML: '<p></p><p><br></p>' })).toEqual({
      blocks: [],
      warnings: [],
    });
  });

  it('answers at once on long and hostile text, as the wizard calls it on every key', () => {
    const hostile = [
      'a'.repeat(100_000),
      'fee '.repeat(25_000),
      'no '.repeat(33_000),
      'we pay '.repeat(14_000),
      'a.'.repeat(50_000),
      '1,'.repeat(50_000),
      'native '.repeat(14_000),
      `${'x@'.repeat(50_000)}`,
      '<a href="'.repeat(10_000),
      '<p>'.repeat(30_000),
      'visa '.repeat(20_000),
      'students aged '.repeat(7_000),
      'regardless of race '.repeat(5_000),
      ' '.repeat(100_000),
      'a. B '.repeat(20_000),
      '$1 '.repeat(33_000),
      '<p>We pay your visa fee, no placement fee, housing deposit covered.</p>'.repeat(1_400),
    ];
    // Backtracking that grows faster than the text takes minutes on these; reading them takes at most
    // 0.35 s on a quiet machine (20,000 sentences of `a. B`), and the bound leaves room for a busy one.
    for (const text of hostile) {
      const started = Date.now();
      checkPosting({ title: text.slice(0, 80), payNotes: text.slice(0, 80), descriptionHTML: text });
      expect(Date.now() - started, text.slice(0, 20)).toBeLessThan(2_500);
    }
  });
});
