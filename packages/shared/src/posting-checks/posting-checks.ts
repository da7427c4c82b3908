// Checks at publish (BEYOND §9): what a posting's title, pay notes and description may not say (ask
// teachers for money, offer work on a visitor's visa, ask for a race, gender, age or looks) and what a
// school is warned of first ("native speaker", a messenger ID, a private address). The rules are data
// that the wizard applies as the school types and the server on publish and on every later edit of a
// published job. Plain code and types only, no zod: the wizard imports it without the schemas
// (docs/decisions/005-lean-first-load.md).
//
// Each rule reads one sentence at a time. Its `allowed` patterns are blanked out of the sentence first:
// they find the words that look like the rule's but say the opposite ("no placement fee", "we pay your
// visa fee", "not a tourist visa"). Then the first of its `patterns` that still matches is the issue.
import { readRichText } from '../html-text.js';

export const POSTING_RULE_IDS = [
  'asks_for_money',
  'tourist_visa',
  'discriminatory',
  'native_speaker',
  'messenger_contact',
  'private_email',
] as const;
export type PostingRuleId = (typeof POSTING_RULE_IDS)[number];

/** A block refuses the posting (400 `POSTING_CHECK`); a warning asks the school to confirm (409 `POSTING_WARNING`). */
export type PostingRuleLevel = 'block' | 'warn';

export interface PostingRule {
  id: PostingRuleId;
  level: PostingRuleLevel;
  /** What the school sees: what is wrong and what to change. */
  message: string;
  /**
   * What to write instead. `{a permit}` is filled with the job's permit and its article ("an E-2
   * teaching visa"), `{permit}` with the permit alone; "a work visa" when the job names none.
   */
  suggestion?: string;
  /** Each finds words the rule is about; never global, so that they hold no state between calls. */
  patterns: readonly RegExp[];
  /** Words that look like the rule's but are fine; blanked out of a sentence before `patterns` are tried. */
  allowed: readonly RegExp[];
  /** Whether the rule also reads the description's link targets (a `mailto:` or a `wa.me` link). */
  readsLinks: boolean;
}

/** What a posting says in words: the text the checks read. */
export interface PostingText {
  title: string;
  payNotes: string;
  descriptionHTML: string;
  /** The name of the job's work permit ("E-2 teaching visa", from the visa rules), for the suggestions. */
  permitName?: string;
}

export type PostingField = 'title' | 'payNotes' | 'descriptionHTML';

export interface PostingIssue {
  rule: PostingRuleId;
  /** The words found with a little context, as plain text of at most EXCERPT_MAX characters. */
  excerpt: string;
  message: string;
  suggestion?: string;
  /** Where the words are, so that the wizard can point at the field. */
  field: PostingField;
}

export interface PostingCheck {
  blocks: PostingIssue[];
  warnings: PostingIssue[];
}

export const EXCERPT_MAX = 80;
/** One rule names at most this many places: enough to show the school what to change. */
export const MOST_ISSUES_PER_RULE = 5;

// ---------- the words the patterns are made of ----------

const any = (words: readonly string[]) => `(?:${words.join('|')})`;
const pattern = (source: string) => new RegExp(source, 'i');

/** Up to `most` words of any kind, each followed by a space. */
const someWords = (most: number) => `(?:[\\w'/%-]+\\s+){0,${most}}?`;
/** Words that turn a sentence to another subject: a gap between a payer and a fee may not hold them. */
const TURNS =
  '(?:but|while|whereas|however|although|though|except|excluding|then|minus|less|deduct\\w*|and\\s+(?:the|a|an|there|you|your|teachers?|candidates?|applicants?|charges?|asks?|requires?|requests?|collects?|takes?))\\b';
/** Up to `most` words, none of which turns the sentence. */
const wordsOnTopic = (most: number) => `(?:(?!${TURNS})[\\w'/%-]+\\s+){0,${most}}?`;
/**
 * Between "we pay" and the fee it pays: no turn, and no "for" or "of" ("we handle the visa for a fee
 * of $300", "we pay half of the visa fee" leave the teacher paying).
 */
const WHAT_THE_SCHOOL_PAYS = `(?:(?!${TURNS}|(?:for|with|at|from|to|in|on|of|half|part|partial|partly|some)\\b)[\\w'/-]+\\s+){0,5}?`;
/** Paid and then paid back: a visa or a flight is; a placement fee or a deposit "refunded later" is still asked for. */
const EXPENSES = any([
  'visa',
  'flights?',
  'airfare',
  'travel',
  'medical(?:\\s+check)?',
  'health\\s+check',
  'background\\s+check',
  'criminal\\s+record\\s+check',
  'document(?:ation)?',
  'apostille',
  'notari[sz]ation',
  'translation',
  'arc',
  'work\\s+permit',
  'permit',
  'relocation',
  'moving',
  'insurance',
]);
/** Money the school gives: what it is for is a cost it pays ("a $500 allowance for visa costs"). */
const MONEY_THE_SCHOOL_GIVES = any([
  'reimburse(?:ment|ments|s|d)?',
  'refunds?',
  'allowances?',
  'stipends?',
  'bonus(?:es)?',
  'subsid\\w*',
  'grants?',
]);

const MONEY_NOUNS = any(['fees?', 'deposits?', 'charges?', 'costs?', 'expenses?', 'payments?']);
/** The fees scams ask of teachers; "tuition" is not among them (a school's fees to its students). */
const FEE_KINDS = [
  'application',
  'applying',
  'placement',
  'recruitment',
  'recruiting',
  'recruiter',
  'agency',
  'agent',
  'registration',
  'processing',
  'administration',
  'administrative',
  'admin',
  'screening',
  'interview',
  'training',
  'course',
  'onboarding',
  'enrol(?:l)?ment',
  'membership',
  'consultation',
  'consulting',
  'matching',
  'program(?:me)?',
  'guarantee',
  'reservation',
  'booking',
  'holding',
  'security',
  'service',
  'document(?:ation)?',
  'visa',
  'work[\\s-]permit',
  'permit',
  'sponsorship',
  'job',
  'position',
  'contract',
  'commitment',
  'joining',
  'signing',
  'up[\\s-]?front',
  'advance',
  'handling',
  'referral',
];
/** The currencies of the region's pay, written as schools write them. */
const CURRENCY_SIGN = '[$€£¥₩฿₫]';
const CURRENCY_CODES = [
  'usd',
  'us\\$',
  'nt\\$',
  'rmb',
  'cny',
  'krw',
  'jpy',
  'thb',
  'vnd',
  'idr',
  'twd',
  'eur',
  'gbp',
  'hkd',
  'sgd',
  'php',
  'aud',
  'cad',
];
const CURRENCY_WORDS = [
  ...CURRENCY_CODES,
  'us\\s?dollars?',
  'dollars?',
  'bucks',
  'yuan',
  'won',
  'yen',
  'baht',
  'dong',
  'rupiah',
  'euros?',
  'pounds?',
];
const NUMBER = '\\d[\\d,.]{0,15}(?:\\s?(?:k|million|mil)\\b)?';
/** An amount of money: "$200", "300 USD", "NT$ 650", "2.5 million won". */
const AMOUNT = `(?:(?:${CURRENCY_SIGN}|\\b${any(CURRENCY_CODES)})\\s?${NUMBER}|\\b${NUMBER}\\s?(?:${CURRENCY_SIGN}|${any(CURRENCY_WORDS)}\\b))`;

/** Who pays when the school does: "we", "the school", "Maple Academy". */
const SCHOOL_SIDE = any([
  "we(?:'ll)?",
  'us',
  'schools?',
  'academy',
  'centre',
  'center',
  'institute',
  'university',
  'college',
  'kindergarten',
  'hagwon',
  'company',
  'employers?',
  'agency',
  'recruiter',
  'program(?:me)?',
  'government',
  'epik',
  'management',
]);
/** What the school does when the fee is its own to pay. */
const SCHOOL_PAYS = any([
  'pays?',
  'paid',
  'paying',
  'covers?',
  'covered',
  'covering',
  'reimburses?',
  'reimbursed',
  'refunds?',
  'refunded',
  'handles?',
  'handled',
  'takes?\\s+care\\s+of',
  'took\\s+care\\s+of',
  'bears?',
  'absorbs?',
  'sponsors?',
  'waives?',
  'waived',
  'picks?\\s+up',
  'includes?',
  'provides?',
]);
const AUXILIARIES =
  '(?:\\s+(?:will|shall|also|fully|always|gladly|happily|then|can|do|does|would|kindly|even|has|have|already)){0,2}';
/** Words that name the teacher, which a school-side payer may not be. */
const NOT_THE_TEACHER = `(?:(?!you\\b|yourself\\b|teachers?\\b|candidates?\\b|applicants?\\b|employees?\\b)[\\w'-]+\\s+){0,3}?`;
/** The teacher as the subject of paying: "teachers must pay", "you will need to send". */
const TEACHER = any([
  'you',
  'teachers?',
  'the\\s+teacher',
  'candidates?',
  'applicants?',
  'employees?',
  'trainees?',
  'participants?',
]);
/** What may stand between the teacher and the paying: "will need to", "are required to first". */
const MUST =
  '(?:\\s+(?:will|must|shall|should|need\\s+to|needs\\s+to|have\\s+to|has\\s+to|are\\s+required\\s+to|is\\s+required\\s+to|are\\s+expected\\s+to|is\\s+expected\\s+to|first|also|then|only|just|would|may|can|agree\\s+to)){0,3}';

/** Visas and entries that do not allow work. The Thai Non-B (a business visa to work) is allowed apart. */
const VISITOR_VISA = `\\b${any([
  `(?:tourist|tourism|visitors?|visiting|visit|travel|holiday|business|student|study|education(?:al)?|ed|[lfm]|c-?3|\\d{2}[\\s-]days?|short[\\s-]term)[\\s-]+(?:visas?|stamps?)`,
  'visa[\\s-]?free(?:\\s+(?:entry|stay|period|status|regime))?',
  'visa[\\s-]exempt(?:ion)?s?(?:\\s+(?:entry|stay|status))?',
  'visa\\s+waivers?',
  'visa\\s+on\\s+arrival',
  '(?:on[\\s-])?arrival\\s+visas?',
  'landing\\s+visas?',
  'entry\\s+stamps?',
  'k-?eta',
  'e-?visas?',
  'visa[\\s-]+runs?',
  'border[\\s-]+runs?',
])}`;
/** Starting work before the work visa: as illegal as working on a tourist visa. */
const BEFORE_THE_VISA =
  '(?:before|without)\\s+(?:(?:a|the|your|any|proper|valid|legal|correct|official|getting|having|receiving|obtaining)\\s+){0,2}(?:work(?:ing)?\\s+)?(?:visa|permit)\\b';
/** Words that turn a visitor visa into what the school does not offer: "not a tourist visa". */
const NEGATIONS = any([
  'not',
  'never',
  'no(?!\\s+(?:problem|problems|worries|worry|issue|issues|hassle|trouble)\\b)',
  "don't",
  'do\\s+not',
  "doesn't",
  'does\\s+not',
  'cannot',
  "can't",
  'can\\s+not',
  "won't",
  'will\\s+not',
  "isn't",
  'is\\s+not',
  "aren't",
  'are\\s+not',
  'without',
  'instead\\s+of',
  'rather\\s+than',
  'nor',
  'avoid',
  'illegal',
  'unlawful',
  'forbidden',
  'prohibited',
]);

/** People a posting hires; the words a requirement of looks, race or gender goes with. */
const STAFF = any([
  'teachers?',
  'candidates?',
  'applicants?',
  'staff',
  'tutors?',
  'instructors?',
  'trainers?',
  'coaches?',
  'lecturers?',
  'professors?',
  'native\\s+speakers?',
  'speakers?',
  'foreigners?',
  'westerners?',
  'expats?',
  'employees?',
  'hires?',
  'persons?',
  'people',
  'individuals?',
]);
/** Staff, without the words that also name students ("people", "individuals"). */
const HIRED = any([
  'teachers?',
  'candidates?',
  'applicants?',
  'staff',
  'tutors?',
  'instructors?',
  'trainers?',
  'coaches?',
  'lecturers?',
  'professors?',
  'native\\s+speakers?',
  'foreigners?',
  'westerners?',
  'expats?',
  'graduates?',
  'hires?',
]);
/** Who a school teaches or where: "female students", "a women only college" are not requirements of staff. */
const STUDENTS_OR_PLACES = any([
  'students?',
  'learners?',
  'pupils?',
  'kids',
  'children',
  'class(?:es)?',
  'schools?',
  'colleges?',
  'universit(?:y|ies)',
  'campus(?:es)?',
  'institutions?',
  'academ(?:y|ies)',
  'kindergartens?',
  'dorm(?:itory|itories)?',
  'programs?',
  'programmes?',
  'groups?',
  'sections?',
  'branch(?:es)?',
  'courses?',
]);
/** Gender words of adults; a requirement of "boys" or "girls" is of students almost always. */
const GENDER = any(['females?', 'males?', 'wom[ae]n', 'm[ae]n', 'lady', 'ladies', 'gentlem[ae]n']);
/** Gender words as a preference names them ("looking for a girl"). */
const GENDER_OR_YOUTH = any([
  'females?',
  'males?',
  'wom[ae]n',
  'm[ae]n',
  'lady',
  'ladies',
  'gentlem[ae]n',
  'girls?',
  'boys?',
  'guys?',
]);
/** After a gender word: not "women's", not "female students" or "a women only college", not half of "male or female". */
const NOT_STUDENTS = `(?!['’]|\\s+${STUDENTS_OR_PLACES}\\b|\\s*(?:or|and|&|\\/)\\s)`;
/** The grounds an equal-opportunity sentence names, and the little words between them. */
const PROTECTED = any([
  'your',
  'their',
  'his',
  'her',
  'any',
  'the',
  'race',
  'races',
  'colou?rs?',
  'skin(?:\\s+colou?r)?',
  'ethnicity',
  'ethnic\\s+origin',
  'ethnic\\s+background',
  'origin',
  'background',
  'nationality',
  'national\\s+origin',
  'religion',
  'gender',
  'sex',
  'sexual\\s+orientation',
  'age',
  'looks',
  'appearance',
  'marital\\s+status',
  'disability',
  'and',
  'or',
]);
/** A run of protected grounds, as an equal-opportunity sentence lists them. */
const PROTECTED_RUN = `(?:${PROTECTED}[\\s,/&]*){1,16}`;
/** Ages a teacher can be; students' ages start lower, which tells most ranges apart. */
const ADULT_AGE = '(?:1[89]|[2-9]\\d)';
/** Whom a school teaches: "students aged 6-12", "adults 20-60 years old" are their ages, not the teacher's. */
const STUDENT_NOUNS = any([
  'students?',
  'learners?',
  'pupils?',
  'kids',
  'children',
  'child',
  'toddlers?',
  'teens?',
  'teenagers?',
  'adolescents?',
  'adults?',
  'juniors?',
  'seniors?',
  'youngsters?',
  'babies',
  'infants?',
  'boys',
  'girls',
  'class(?:es)?',
  'groups?',
  'courses?',
  'levels?',
  'grades?',
  'professionals?',
  'employees?',
  'members',
  'participants?',
  'trainees?',
  'clients?',
  'customers?',
]);
/** "An attractive teacher salary" praises the pay, not the teacher. */
const NOT_ABOUT_PAY =
  '(?!\\s+(?:salary|salaries|pay|package|packages|benefits?|compensation|wages?|bonus(?:es)?|allowance|housing|rates?|conditions|contracts?|terms)\\b)';
/** A number of students, hours or points after "under 20", not an age. */
const NOT_A_COUNT =
  '(?!\\s*(?:%|percent|students?|kids|children|learners|pupils|people|hours?|minutes?|mins?|days?|weeks?|months?|classes|lessons|per\\b|in\\s+a\\b|cm|kg|km|points?|[.,]\\d))';

/** The messengers of the region; LINE is read apart, being also an ordinary word. */
const MESSENGERS = any([
  'we[\\s-]?chat',
  'weixin',
  'kakao[\\s-]?talk',
  'kakao',
  'whats[\\s-]?app',
  'telegram',
  'zalo',
  'viber',
  'skype',
  'imessage',
  '(?:facebook|fb)\\s+messenger',
  'messenger',
  'qq',
]);
/** Free mail services: a school applies from its own domain, a scammer from one of these. */
const PRIVATE_MAIL_PROVIDERS = any([
  'gmail',
  'googlemail',
  'yahoo',
  'ymail',
  'rocketmail',
  'hotmail',
  'outlook',
  'live',
  'msn',
  'aol',
  'icloud',
  'me',
  'mac',
  'qq',
  'foxmail',
  '163',
  '126',
  'yeah',
  'sina',
  'sohu',
  'aliyun',
  'naver',
  'daum',
  'hanmail',
  'nate',
  'kakao',
  'yandex',
  'mail',
  'gmx',
  'proton',
  'protonmail',
  'pm',
  'tutanota',
  'rediffmail',
  'zoho',
]);

// ---------- the rules ----------

export const POSTING_RULES: readonly PostingRule[] = [
  {
    id: 'asks_for_money',
    level: 'block',
    message:
      'Teachers must never be asked for money. Please remove any fee or deposit the teacher would pay ' +
      '(an application, placement, registration or visa fee, a deposit, a sum to send).',
    suggestion: 'If the school pays a fee, say so plainly: "the school pays the visa fee".',
    allowed: [
      // Paid by the school: "we pay your visa fee", "the school covers the visa and placement fees".
      pattern(
        `\\b${SCHOOL_SIDE}${AUXILIARIES}\\s+${SCHOOL_PAYS}\\b(?:\\s+for)?\\s+${WHAT_THE_SCHOOL_PAYS}${MONEY_NOUNS}\\b`,
      ),
      pattern(
        `\\b${SCHOOL_SIDE}${AUXILIARIES}\\s+(?:send|sends|transfer|transfers|wire|wires|remit|remits|deposit|deposits)\\b`,
      ),
      // "Deposit for the apartment is paid by the school", "visa fees paid by Maple Academy".
      pattern(
        `\\b${MONEY_NOUNS}\\b\\s+${wordsOnTopic(5)}(?:paid|covered|handled|taken\\s+care\\s+of|borne|sponsored|waived|settled)\\s+(?:in\\s+full\\s+|fully\\s+)?by\\s+(?:the\\s+|our\\s+)?${NOT_THE_TEACHER}${SCHOOL_SIDE}\\b`,
      ),
      // "Visa fee covered", "deposit not required" (with no one else named).
      pattern(
        `\\b${MONEY_NOUNS}\\b[\\s(:,-]*(?:(?:is|are|will\\s+be|to\\s+be|gets?|being|fully|all|100%|also|completely|entirely)\\s+){0,3}(?:covered|waived|included|sponsored|taken\\s+care\\s+of|borne|on\\s+us|not\\s+(?:required|needed|charged|necessary|payable|applicable|requested|collected))\\b(?!\\s+by\\b)`,
      ),
      // "Visa fees reimbursed", "flight costs refunded by the school on arrival".
      pattern(
        `\\b${EXPENSES}[\\s-]+(?:related\\s+|processing\\s+)?(?:fees?|charges?|costs?|expenses?)\\b[\\s(:,-]*(?:(?:is|are|will\\s+be|to\\s+be|gets?|being|fully|all|100%|also|completely|entirely)\\s+){0,3}(?:reimbursed|refunded|returned|paid\\s+back)\\b(?!\\s+by\\s+(?:the\\s+)?(?:teachers?|you|yourself|candidates?|applicants?)\\b)`,
      ),
      pattern(
        `\\b${EXPENSES}[\\s-]+(?:related\\s+)?(?:fees?|charges?|costs?|expenses?)\\s+(?:reimbursements?|refunds?)\\b`,
      ),
      pattern(`\\b${MONEY_THE_SCHOOL_GIVES}\\s+(?:(?!${TURNS})[\\w'/%$€£¥₩฿₫.,-]+\\s+){0,6}?${MONEY_NOUNS}\\b`),
      pattern(
        '\\bsend\\w*\\s+(?:(?:your|their|the)\\s+)?(?:money|salary|savings|earnings|funds)\\s+(?:back\\s+)?home\\b',
      ),
      // "<li>Visa fees paid</li>": paid, and nothing after it says by whom or when.
      pattern(
        `\\b${MONEY_NOUNS}\\b\\s*(?:(?:is|are|will\\s+be|fully|all|also)\\s+){0,2}paid(?:\\s+in\\s+full)?(?=\\s*(?:$|[,.;:!)+&/]|and\\b))`,
      ),
      pattern(`\\b${MONEY_NOUNS}\\s*[:=-]\\s*(?:none|nil|n\\/a|zero|(?:\\$\\s?)?0|free|no|not\\s+required|waived)\\b`),
      // "No placement fee", "no fee for teachers", "free of charge", "without any application or agency fees".
      pattern(
        `\\b(?:no|zero|without(?:\\s+any)?|free\\s+of|not\\s+any|never\\s+any|nor)\\s+(?:${any([...FEE_KINDS, 'hidden', 'extra', 'additional', 'other', 'such', 'any', 'kind\\s+of', 'related', 'or', 'and'])}[\\s,/&-]+){0,6}${MONEY_NOUNS}\\b`,
      ),
      // "We never charge teachers any fees", "you will not be asked to pay a deposit".
      pattern(
        `\\b(?:never|not|don't|do\\s+not|doesn't|does\\s+not|won't|will\\s+not|will\\s+never|no\\s+need\\s+to|needn't|nothing\\s+to|neither)\\s+(?:(?:ever|have\\s+to|has\\s+to|need\\s+to|needs\\s+to|be\\s+asked\\s+to|be\\s+required\\s+to|asked\\s+to|required\\s+to|expected\\s+to|be\\s+expected\\s+to)\\s+)?(?:pay|charge|ask|request|require|take|collect|send|transfer|wire)\\w*\\s+${someWords(4)}(?:${MONEY_NOUNS}|money|anything|a\\s+(?:cent|penny|dime|thing))\\b`,
      ),
      // A deposit for housing goes to a landlord, not to the school.
      pattern('\\b(?:housing|apartment|flat|room|rental|rent|dorm(?:itory)?|accommodation|lease|key)\\s+deposits?\\b'),
      pattern(
        '\\bdeposits?\\s+(?:for|on|of)\\s+(?:the\\s+|your\\s+|an?\\s+)?(?:own\\s+)?(?:housing|apartment|flat|room|rental|accommodation|lease|house|studio|home|rent)\\b',
      ),
      pattern(
        `\\bdeposits?\\s+(?:[\\w'/%$€£¥₩฿₫.,-]+\\s+){0,6}?(?:to|for|with)\\s+(?:the|your)\\s+(?:landlord|landlady|owner|building|apartment|flat)\\b`,
      ),
      pattern('\\btuition(?:\\s+fees?)?\\b'),
    ],
    patterns: [
      // "Application fee", "placement fee", "visa processing fee", "security deposit".
      pattern(`\\b${any(FEE_KINDS)}(?:[\\s-]+related)?[\\s-]+(?:fees?|charges?|costs?|deposits?|bonds?)\\b`),
      // "A fee of $200", "fee: 150 USD", "a $300 fee", "300 USD one-time fee".
      pattern(
        `\\b(?:fees?|deposits?|charges?|bonds?)\\b\\s*(?:(?:of|is|are|:|=|-|–|—|costs?|totals?|amounts?\\s+to|just|only|about|around|approx(?:imately)?\\.?)\\s*){0,3}${AMOUNT}`,
      ),
      pattern(`${AMOUNT}\\s*(?:[\\w'-]+\\s+){0,2}?(?:fees?|deposits?|bonds?)\\b`),
      // "You must pay a deposit", "a refundable deposit", "deposit to secure the position".
      pattern(
        '\\b(?:a|an|the|your|refundable|non-refundable|security|holding|good[\\s-]faith|cash|initial|upfront|up-front|small|one-time|mandatory|required|placement|contract|visa)\\s+deposits?\\b',
      ),
      pattern(
        '\\bdeposits?\\s+(?:of|is\\s+required|are\\s+required|required|must|to\\s+(?:secure|hold|reserve|confirm|guarantee|book|lock))\\b',
      ),
      // "Send 300 USD to secure your place", "wire the payment to our account".
      pattern(
        `\\b(?:send|sending|transfer|transferring|wire|wiring|remit|remitting)\\b\\s+${someWords(4)}(?:${AMOUNT}|money|payment|funds|cash|fees?|deposits?)`,
      ),
      pattern('\\b(?:western\\s+union|money\\s?gram|gift\\s+cards?|itunes\\s+cards?)\\b'),
      // "Teachers pay a fee", "you will need to pay us in advance".
      pattern(
        `\\b${TEACHER}\\b${MUST}\\s+(?:pay|pays|send|sends|transfer|transfers|wire|wires|remit|remits)\\b\\s+${someWords(4)}(?:fees?|deposits?|charges?|money|cash|us\\b)`,
      ),
      pattern(
        `\\b${TEACHER}\\b${MUST}\\s+(?:pay|pays)\\s+(?:(?:us|the\\s+school|the\\s+agency|about|around|only|just)\\s+)?${AMOUNT}\\s+(?:upfront|up-front|in\\s+advance|before\\s+(?:arriving|arrival|starting|signing|departure|you|the\\s+(?:contract|interview|visa))|to\\s+(?:us|the\\s+school|the\\s+agency|secure|reserve|register|apply|confirm|hold)|for\\s+(?:the\\s+|your\\s+)?(?:work\\s+)?(?:visa|permit|placement|application|registration|processing|paperwork|papers|interview|position|job|training|course|documents?|contract))\\b`,
      ),
      pattern(
        `${AMOUNT}\\s+${someWords(3)}to\\s+(?:secure|reserve|hold|confirm|guarantee|lock\\s+in|book)\\s+(?:your|the|a|this)\\s+(?:place|position|spot|seat|job|slot|contract|offer|interview|visa)\\b`,
      ),
      pattern(
        '\\b(?:payment|fee|deposit)s?\\s+(?:is|are|will\\s+be)\\s+(?:required|needed|necessary)\\s+(?:to|before|for|in\\s+order\\s+to|upon)\\b',
      ),
    ],
    readsLinks: false,
  },
  {
    id: 'tourist_visa',
    level: 'block',
    message:
      'Teachers may only work on a work visa. Please remove the offer of work on a tourist, business or ' +
      'visitor visa (or on a visa-free entry, or before the work visa), and say which work visa the school sponsors.',
    suggestion: 'Say which work visa the school sponsors: "we sponsor your {permit}".',
    allowed: [
      // Thailand's Non-Immigrant B is the visa to work there, though it is "business".
      pattern('\\bnon[\\s-]?(?:immigrant\\s+)?(?:b\\b|"b"|\'b\')[\\s)(-]*(?:\\(?\\s*business\\s*\\)?\\s*)?visas?\\b'),
      pattern('\\bnon[\\s-]?immigrant\\s+(?:business\\s+)?(?:\\(?b\\)?\\s+)?visas?\\b'),
      // "Not a tourist visa", "do not come on a tourist visa", "never let you start without a work permit".
      pattern(`\\b${NEGATIONS}\\s+${someWords(6)}(?:${VISITOR_VISA}|${BEFORE_THE_VISA})`),
      // "Tourist visas are not accepted", "working on a tourist visa is illegal".
      pattern(`${VISITOR_VISA}\\s+${someWords(4)}(?:not|never|cannot|can't)\\b(?!\\s+(?:a\\s+)?(?:problem|issue)\\b)`),
      pattern(`${VISITOR_VISA}\\s+${someWords(5)}(?:illegal|unlawful|prohibited|forbidden|against\\s+the\\s+law)\\b`),
    ],
    patterns: [
      // "Work on a tourist visa", "start on a visa-free entry", "with a business visa".
      pattern(
        `\\b(?:on|with|using|under|holding|via|through|by)\\s+(?:(?:a|an|the|your|their|any|just|only|simple|regular|normal|standard|valid|free|initial|\\d+[\\s-]days?|multiple[\\s-]entry|single[\\s-]entry)\\s+){0,3}${VISITOR_VISA}`,
      ),
      // "Business visa is fine", "tourist visa holders welcome".
      pattern(
        `${VISITOR_VISA}\\s+(?:(?:holders?|teachers?|candidates?|applicants?|is|are|also|totally|perfectly|completely|absolutely|just|will\\s+be|would\\s+be|can\\s+be)\\s+){0,3}(?:fine|ok|okay|acceptable|accepted|welcome|welcomed|possible|allowed|no\\s+problem|enough|sufficient|good|works|will\\s+do)\\b`,
      ),
      pattern('\\b(?:visa|border)[\\s-]+runs?\\b'),
      // "We convert your tourist visa after arrival".
      pattern(`\\b(?:convert|change|switch|upgrade|turn)\\w*\\s+(?:(?:your|the|a|an|their)\\s+)?${VISITOR_VISA}`),
      pattern(`\\bvisa(?:\\s+type)?\\s*[:=]\\s*(?:${VISITOR_VISA}|tourist|business|visitor|[lfm]\\b)`),
      // "You can start before your work permit", "teach without a visa".
      pattern(
        `\\b(?:start|begin|work|teach)(?:s|ing|ed)?\\s+(?:(?:teaching|working|work|immediately|right\\s+away|now|here|with\\s+us|at\\s+once)\\s+){0,2}${BEFORE_THE_VISA}`,
      ),
      pattern('\\bno\\s+work(?:ing)?\\s+(?:visa|permit)\\s+(?:is\\s+)?(?:needed|required|necessary)\\b'),
    ],
    readsLinks: false,
  },
  {
    id: 'discriminatory',
    level: 'block',
    message:
      'A posting cannot ask for a race, skin colour, gender, age or looks. Please remove that requirement ' +
      'and describe what the job needs instead.',
    suggestion: 'Describe the degree, the certificate, the experience and the visa the job needs.',
    allowed: [
      // "Regardless of race, colour, gender or age", "we do not discriminate on the basis of age".
      pattern(
        `\\b(?:regardless\\s+of|irrespective\\s+of|no\\s+matter|independent(?:ly)?\\s+of|without\\s+regard\\s+(?:to|for)|whatever)\\s+${PROTECTED_RUN}`,
      ),
      pattern(
        `\\b(?:not|never|don't|doesn't|won't)\\s+discriminat\\w*\\s+(?:(?:on|based\\s+on|by|against|the\\s+basis\\s+of|the\\s+grounds\\s+of|grounds\\s+of|anyone|anybody|people|any|teachers|candidates|because\\s+of|due\\s+to|of)\\s+){0,4}${PROTECTED_RUN}`,
      ),
      pattern(
        '\\b(?:all|any|every|both|either)\\s+(?:ages|races|genders?|ethnicities|backgrounds|colou?rs|nationalities|skin\\s+colou?rs|sexes|ethnic\\s+backgrounds)\\b',
      ),
      // Both: "male and female teachers", "men or women".
      pattern(`\\b${GENDER_OR_YOUTH}\\s*(?:or|and|&|\\/|,)\\s*${GENDER_OR_YOUTH}\\b`),
      // The students' ages: "students aged 6-12", "adults 20-60 years old", "we teach ages 3 to 15".
      pattern(
        `\\b${STUDENT_NOUNS}\\b\\s*(?:(?:who\\s+are|are|is|of|for|from|between|aged|ages?|age\\s+(?:range|group)s?|age|under|over|below|above|up\\s+to|the\\s+ages?\\s+of|in\\s+the\\s+age\\s+(?:group|range)\\s+of|ranging\\s+from|range\\s+from|range\\s+in\\s+age\\s+from|,|:|-|\\()\\s*){1,4}(?:\\d{1,2}\\s*(?:[-–—]|to|and)\\s*)?\\d{1,2}\\+?(?:\\s*(?:years?\\s+old|years?\\s+of\\s+age|y\\.?o\\.?|yrs?(?:\\s+old)?))?`,
      ),
      pattern(`\\bteach\\w*\\s+${someWords(4)}(?:aged|ages?)\\b`),
      // "Young teachers and experienced teachers alike".
      pattern(`\\byoung\\s+(?:${HIRED}\\s+)?(?:and|or|&|\\/)\\s+(?:old|older|experienced|senior|mature|seasoned)\\b`),
      pattern('\\b(?:old|older|experienced|senior|mature|seasoned)\\s+(?:and|or|&|\\/)\\s+young\\b'),
      // "Class sizes must be under 20", "the IELTS score should be over 7".
      pattern(
        `\\b(?:class(?:es)?|sizes?|groups?|hours?|lessons?|ratios?|scores?|numbers?|commutes?|distances?|bands?)\\s+${someWords(2)}(?:must|should|will|are|is|has\\s+to|have\\s+to)\\s+be\\b`,
      ),
      // A dress code: "shirts must be white".
      pattern(
        "\\b(?:shirts?|blouses?|uniforms?|clothes|clothing|trousers|pants|skirts?|shoes|socks|backgrounds?|walls?|boards?|paper|photos?)\\s+(?:[\\w'-]+\\s+){0,2}?(?:must|should|has\\s+to|have\\s+to|needs?\\s+to)\\s+be\\b",
      ),
      pattern(
        '\\b(?:no|without|not\\s+any|any)\\s+(?:upper\\s+|maximum\\s+)?age\\s+(?:limits?|caps?|max(?:imum)?|restrictions?|requirements?|ceilings?)\\b',
      ),
    ],
    patterns: [
      // Race and skin colour.
      pattern('\\bcaucasians?\\b'),
      pattern('\\b(?:fair|light|pale|white|dark|black|brown|tan(?:ned)?)[\\s-]+(?:skinn?(?:ed)?|complexion(?:ed)?)\\b'),
      pattern(
        '\\b(?:european|western|foreign|white|caucasian|asian|african|nordic|scandinavian)[\\s-]+(?:looking|appearance|faces?|features|look)\\b',
      ),
      pattern('\\bnon[\\s-]?(?:asians?|whites?|blacks?|caucasians?)\\b'),
      pattern(
        `\\bwhite\\s+(?:(?:native|english|american|british|european|young|female|male|foreign|western)\\s+){0,2}(?:${STAFF}|only|preferred|faces?|skin|complexion|natives?|guys?|girls?|m[ae]n|wom[ae]n|females?|males?|ladies)\\b`,
      ),
      pattern(
        '\\bno\\s+(?:blacks?|africans?|asians?|hispanics?|latin(?:o|a|os|as|x)|arabs?|black\\s+(?:people|teachers|applicants|candidates)|people\\s+of\\s+colou?r|non[\\s-]?whites?|dark[\\s-]skinned)\\b',
      ),
      pattern(
        "\\b(?:blacks?|africans?|asians?|african[\\s-]americans?|hispanics?|latin(?:o|a|os|as)|arabs?|people\\s+of\\s+colou?r|black\\s+(?:people|teachers|applicants|candidates|persons?))\\s+(?:need\\s+not|needn't|should\\s+not|shouldn't|cannot|can't|don't|do\\s+not|will\\s+not|won't|are\\s+not|aren't|may\\s+not)\\s+(?:be\\s+)?(?:apply|considered|accepted|hired|eligible)\\b",
      ),
      pattern(
        '\\b(?:race|ethnicity|ethnic\\s+origin|skin\\s+colou?r|complexion)\\s*(?:[:=]|requirements?|must\\s+be|should\\s+be)',
      ),
      pattern(
        '\\b(?:must|should|has\\s+to|have\\s+to|needs?\\s+to)\\s+be\\s+(?:white|caucasian|black|asian|fair[\\s-]skinned|light[\\s-]skinned|pale)\\b',
      ),
      pattern('\\bskin\\s+(?:colou?r|tone)\\b'),
      // Gender: "female only", "female teachers preferred", "we only hire women", "must be male".
      pattern(
        `\\b${GENDER}(?:\\s+(?:native\\s+)?(?:english\\s+)?${STAFF})?[\\s-]+only\\b(?!\\s+${STUDENTS_OR_PLACES}\\b)`,
      ),
      pattern(
        `\\bonly\\s+(?:(?:hire|hires|hiring|accept|accepts|accepting|consider|considers|considering|want|wants|wanted|seek|seeks|seeking|take|takes|taking|employ|employs|employing|interview|interviews|interviewing|looking\\s+for|recruit|recruits|recruiting)\\s+)(?:an?\\s+)?${GENDER}\\b${NOT_STUDENTS}`,
      ),
      pattern(`\\bonly\\s+(?:female|male|women|men|lady)\\s+${STAFF}\\b`),
      pattern(
        `\\b${GENDER}\\b${NOT_STUDENTS}(?:\\s+(?:native\\s+)?(?:english\\s+)?${STAFF})?\\s+(?:(?:is|are|will\\s+be)\\s+)?(?:preferred|wanted|needed|required|prioriti[sz]ed|favou?red|desired|a\\s+plus|an\\s+advantage|given\\s+(?:priority|preference))\\b`,
      ),
      pattern(
        `\\b(?:prefer|prefers|preferably|(?:preference|priority)\\s+(?:for|to|(?:will\\s+be\\s+|is\\s+)?given\\s+to)|ideally|must\\s+be|should\\s+be|has\\s+to\\s+be|have\\s+to\\s+be|needs?\\s+to\\s+be|looking\\s+for|seeking|we\\s+want|we\\s+need|hiring|wanted\\s*:?|requires?|required\\s*:)\\s+(?:an?\\s+)?(?:(?:young|native|english|foreign|friendly|energetic|experienced|enthusiastic|outgoing|single|caring|qualified|certified|passionate|kind|patient|fun|western|american|british|canadian|new|dynamic|motivated|reliable|attractive|pretty|beautiful|handsome)[\\s,]+(?:and\\s+)?){0,3}${GENDER_OR_YOUTH}\\b${NOT_STUDENTS}`,
      ),
      pattern(
        '\\b(?:gender|sex)\\s*(?:[:=]|requirements?|must\\s+be|should\\s+be)\\s*(?:female|male|wom[ae]n|m[ae]n|f|m)\\b',
      ),
      // Age: "age 22-35", "must be under 35", "under 40 years old", "young teachers".
      pattern(
        `\\b(?:age[sd]?|aged)(?:\\s+(?:range|bracket|group|limit|requirement))?\\s*(?:[:=-]\\s*|of\\s+|between\\s+(?:the\\s+ages?\\s+of\\s+)?|from\\s+)?${ADULT_AGE}\\s*(?:[-–—]|to|and)\\s*\\d{2}\\b`,
      ),
      pattern(`\\bbetween\\s+(?:the\\s+)?ages?\\s+(?:of\\s+)?${ADULT_AGE}\\s*(?:[-–—]|to|and)\\s*\\d{2}\\b`),
      pattern(
        `\\b${ADULT_AGE}\\s*(?:[-–—]|to)\\s*\\d{2}\\s*(?:years?\\s+old|years?\\s+of\\s+age|y\\.?o\\.?(?!\\w)|yrs?\\s+old)`,
      ),
      pattern(
        `\\b(?:must|should|has\\s+to|have\\s+to|needs?\\s+to)\\s+be\\s+(?:aged\\s+)?(?:under|below|younger\\s+than|less\\s+than|no\\s+(?:older|more)\\s+than|not\\s+(?:older|more)\\s+than|not\\s+over|at\\s+most|between)\\s+(?:the\\s+age\\s+of\\s+)?\\d{2}\\b${NOT_A_COUNT}`,
      ),
      pattern(
        `\\b(?:must|should|has\\s+to|have\\s+to|needs?\\s+to)\\s+be\\s+(?:aged\\s+)?(?:over|above|older\\s+than|at\\s+least)\\s+(?:the\\s+age\\s+of\\s+)?(?:2[2-9]|[3-9]\\d)\\b${NOT_A_COUNT}`,
      ),
      pattern(
        `\\b(?:${HIRED}|you)\\s+(?:(?:who\\s+are|aged|age)\\s+)?(?:under|below|over|above|younger\\s+than|older\\s+than|between)\\s+(?:the\\s+age\\s+of\\s+)?${ADULT_AGE}\\b${NOT_A_COUNT}`,
      ),
      pattern(
        `\\b(?:under|below|younger\\s+than|no\\s+older\\s+than|not\\s+older\\s+than|not\\s+over|up\\s+to|max(?:imum)?|at\\s+most)\\s+(?:the\\s+age\\s+of\\s+)?${ADULT_AGE}\\s*(?:years?\\s+old|years?\\s+of\\s+age|y\\.?o\\.?(?!\\w)|yrs?\\s+old)`,
      ),
      pattern(
        `\\b${ADULT_AGE}\\s*(?:years?\\s+old|y\\.?o\\.?|yrs?\\s+old)\\s+(?:or|and)\\s+(?:under|below|younger|less)\\b`,
      ),
      pattern(`\\b${ADULT_AGE}\\s+(?:or|and)\\s+younger\\b`),
      pattern(
        '\\b(?:max(?:imum)?|upper)\\s+age\\b|\\bage\\s+(?:limits?|caps?|max(?:imum)?|restrictions?|ceilings?)\\b',
      ),
      pattern(`\\bage\\s*[:=]\\s*(?:under|below|max|up\\s+to|${ADULT_AGE}\\b)`),
      pattern(
        `\\b(?:young|youthful)(?:[\\s,]+(?:and\\s+)?(?:energetic|enthusiastic|dynamic|fun|friendly|active|lively|fresh|motivated|passionate|vibrant|outgoing|cheerful|native|english|female|male|foreign|western|attractive|good[\\s-]looking|beautiful|pretty|handsome)){0,3}\\s+${HIRED}\\b`,
      ),
      // Looks: "attractive", "good-looking", "blonde", "slim", a height or a weight.
      pattern('\\b(?:good|nice|young)[\\s-]looking\\b|\\byouthful\\s+(?:look|looks|appearance|face)\\b'),
      pattern(
        `\\b(?:attractive|beautiful|pretty|handsome|cute|sexy|hot|gorgeous|slim|slender|petite|tall|thin)\\s+(?:(?:and|,)\\s*[\\w-]+\\s+)?(?:${STAFF}|appearance|looks?|face|figure|body|build|girls?|guys?|wom[ae]n|m[ae]n|ladies|lady|females?|males?)\\b${NOT_ABOUT_PAY}`,
      ),
      pattern(
        '\\b(?:must|should|has\\s+to|have\\s+to|needs?\\s+to)\\s+(?:be|look)\\s+(?:(?:very|quite|physically|really)\\s+)?(?:attractive|beautiful|pretty|handsome|slim|slender|thin|tall|good[\\s-]looking|young|youthful|sexy|cute)\\b',
      ),
      pattern('\\b(?:good|nice|pleasant|attractive|pleasing|beautiful)\\s+(?:appearance|looks|figure|physique)\\b'),
      pattern(
        '\\bblond(?:e|es)?\\b|\\bblue[\\s-]eyed?\\b|\\bblue\\s+eyes\\b|\\bfull[\\s-]body\\s+(?:photo|photograph|picture|pic|shot)s?\\b',
      ),
      pattern(
        '\\b(?:height|weight)\\s*(?:[:=]|requirements?|of\\s+at\\s+least|above|over|under|below|min(?:imum)?|max(?:imum)?|must)',
      ),
      pattern(
        '\\b\\d{3}\\s*cm\\s+(?:tall|or\\s+taller|and\\s+above|minimum)|\\bat\\s+least\\s+\\d{3}\\s*cm\\b|\\boverweight\\b|\\bobese\\b|\\bplus[\\s-]size\\b',
      ),
    ],
    readsLinks: false,
  },
  {
    id: 'native_speaker',
    level: 'warn',
    message:
      '"Native speaker" shuts out teachers who speak English as well and hold the right passport: the ' +
      'visa decides who can take the job. Please say what the visa asks for instead.',
    suggestion: 'Write "must qualify for {a permit}" instead.',
    allowed: [
      // A level of English, not a birthplace: "native-level", "near-native", "native-like".
      pattern('\\bnear[\\s-]?native\\b|\\bnative[\\s-]+(?:level|like)\\b'),
      // "No native speaker requirement", "you do not need to be a native speaker".
      pattern('\\bno\\s+native[\\s-]+(?:english[\\s-]+)?speakers?\\s+(?:requirement|required|needed|necessary)\\b'),
      pattern(
        "\\b(?:not|don't|do\\s+not|doesn't|does\\s+not|needn't|never)\\s+(?:(?:need|have|required)\\s+to\\s+be|need|require)\\s+(?:an?\\s+)?native[\\s-]+(?:english[\\s-]+)?speakers?\\b",
      ),
      pattern(
        '\\bnative[\\s-]+(?:english[\\s-]+)?speakers?\\s+(?:status\\s+)?(?:is\\s+)?not\\s+(?:required|needed|necessary)\\b',
      ),
      pattern(
        '\\b(?:both\\s+)?natives?\\s*(?:and|or|&|\\/|,)\\s*non[\\s-]?natives?(?:\\s+(?:english\\s+)?(?:speakers?|teachers?))?',
      ),
      pattern(
        '\\bnon[\\s-]?natives?(?:\\s+(?:english\\s+)?(?:speakers?|teachers?))?\\s+(?:(?:are|also|very|most|equally|too|as\\s+well|more\\s+than)\\s+){0,3}(?:welcome|welcomed|encouraged|accepted|considered|eligible|invited|can\\s+apply|may\\s+apply)\\b',
      ),
    ],
    patterns: [
      pattern(
        '\\bnative[\\s-]+(?:english[\\s-]+)?(?:speakers?|speaking|teachers?|tongue|instructors?|tutors?|trainers?)\\b',
      ),
      pattern(
        '\\benglish\\s+natives?\\b|\\bnatives?\\s+only\\b|\\bnative\\s+english\\s+(?:only|required|preferred|a\\s+must)\\b',
      ),
      /\bNEST?s?\b/,
      pattern(
        '\\benglish\\s+(?:as|is)\\s+(?:your|their|his|her|a|the)\\s+(?:first|native|mother)\\s+(?:language|tongue)\\b|\\bfirst[\\s-]+language\\s+english\\b|\\benglish\\s+(?:first[\\s-]+language|mother[\\s-]+tongue)\\b',
      ),
    ],
    readsLinks: false,
  },
  {
    id: 'messenger_contact',
    level: 'warn',
    message:
      'A messenger ID asks teachers to apply off TeachEast, where scammers reach them too. Please remove ' +
      'it, or confirm that you want it shown.',
    suggestion: 'Let teachers apply through TeachEast or the e-mail address of the posting.',
    allowed: [
      pattern('\\bwe[\\s-]?chat\\s+pay\\b|\\balipay\\b'),
      pattern('\\b(?:bottom|front|hot|help|time|dead|fine|head)\\s+line\\b'),
    ],
    patterns: [
      // "WeChat: school_bj", "KakaoTalk ID", "Telegram @hiring", "WhatsApp +84 912 345 678".
      pattern(
        `\\b${MESSENGERS}\\s*(?:id|number|no\\.?|#|account|handle|username|user\\s*name|contact)?\\s*[:：=]\\s*[@+]?[\\w.-]{3,40}`,
      ),
      pattern(`\\b${MESSENGERS}\\s*(?:id|number|no\\.|account|handle|username|user\\s*name)\\b`),
      pattern(`\\b${MESSENGERS}\\s*(?:@\\s*[\\w.]{2,40}|\\(?\\+?\\d[\\d\\s().-]{6,20}\\d)`),
      // "Add me on WeChat", "message us via Telegram", "send your CV on WhatsApp".
      pattern(
        `\\b(?:add|contact|message|msg|text|reach|ping|dm|call|chat\\s+with|talk\\s+to|find|follow|apply|write\\s+to|send\\s+(?:us\\s+)?(?:your\\s+)?(?:cv|resume|résumé|application)s?(?:\\s+to\\s+us)?)\\s+(?:(?:us|me|our\\s+\\w+|the\\s+\\w+|him|her)\\s+)?(?:directly\\s+)?(?:on|via|through|by|at|in|with|over)\\s+${MESSENGERS}\\b`,
      ),
      // LINE is also an ordinary word: only as the app's own spelling.
      /\b(?:LINE|Line)\s*(?:ID|Id|id)\b|\bLINE\s*[:：@]\s*@?[\w.-]{3,40}|\b(?:LINE|Line)\s+(?:app|account|official)\b/,
      /\b(?:[Aa]dd|[Cc]ontact|[Mm]essage|[Tt]ext|[Rr]each|[Aa]pply)\s+(?:(?:us|me)\s+)?(?:on|via|through|by|at|in|with)\s+(?:LINE|Line)\b/,
      pattern(
        '\\b(?:wa\\.me|api\\.whatsapp\\.com|chat\\.whatsapp\\.com|t\\.me|telegram\\.me|line\\.me|lin\\.ee|zalo\\.me|qr\\.kakao\\.com|open\\.kakao\\.com|pf\\.kakao\\.com|u\\.wechat\\.com|weixin\\.qq\\.com|m\\.me|invite\\.viber\\.com|join\\.skype\\.com)\\/',
      ),
    ],
    readsLinks: true,
  },
  {
    id: 'private_email',
    level: 'warn',
    message:
      'A private e-mail address (Gmail, Yahoo, Hotmail, QQ, Naver…) as a second way to apply looks like the ' +
      'addresses scammers use. Please remove it, or confirm that you want it shown.',
    suggestion: "Let teachers apply through TeachEast or the posting's own e-mail address.",
    allowed: [],
    patterns: [
      pattern(`\\b[\\w.+-]{1,64}@${PRIVATE_MAIL_PROVIDERS}\\.[a-z]{2,3}(?:\\.[a-z]{2})?\\b`),
      pattern(
        `\\b[\\w.+-]{1,64}\\s*(?:\\[\\s*at\\s*\\]|\\(\\s*at\\s*\\)|\\{\\s*at\\s*\\}|\\s+at\\s+)\\s*${PRIVATE_MAIL_PROVIDERS}\\s*(?:\\.|\\[\\s*dot\\s*\\]|\\(\\s*dot\\s*\\)|\\s+dot\\s+)\\s*(?:com|net|cn|co|jp|kr)\\b`,
      ),
    ],
    readsLinks: true,
  },
];

// ---------- reading the text ----------

/** The character that blanks out allowed words; removed from every text first, so no one can type it. */
const BLANK = '\u2063';

/**
 * Text as the patterns read it: full-width letters and digits as plain ones, no invisible characters
 * (which could split a word the reader sees whole), curly quotes straight, one space between words.
 */
function normalized(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\S\n]+/g, ' ');
}

/** Sentences, each read on its own, so that "no" in one cannot clear a fee in the next. */
function sentencesOf(text: string): string[] {
  return normalized(text)
    .split('\n')
    .flatMap((line) => line.replace(/([.!?])\s+(?=["'(]?\p{Lu})|;\s*/gu, '$1\n').split('\n'))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

interface Sentence {
  field: PostingField;
  text: string;
  isLink: boolean;
}

function sentencesOfPosting(posting: PostingText): Sentence[] {
  const description = readRichText(posting.descriptionHTML);
  const of = (field: PostingField, text: string, isLink = false) =>
    sentencesOf(text).map((sentence) => ({ field, text: sentence, isLink }));
  return [
    ...of('title', posting.title),
    ...of('payNotes', posting.payNotes),
    ...of('descriptionHTML', description.text),
    ...description.links.flatMap((link) => of('descriptionHTML', link, true)),
  ];
}

const globalCopies = new WeakMap<RegExp, RegExp>();

/** `sentence` with the words each pattern of `allowed` finds blanked out, keeping every other character where it was. */
function withoutAllowed(sentence: string, allowed: readonly RegExp[]): string {
  let text = sentence;
  for (const words of allowed) {
    let everywhere = globalCopies.get(words);
    if (!everywhere) {
      everywhere = new RegExp(words.source, `${words.flags}g`);
      globalCopies.set(words, everywhere);
    }
    text = text.replace(everywhere, (found) => BLANK.repeat(found.length));
  }
  return text;
}

/** Where the rule's words are in `sentence`: its earliest match once the allowed words are gone. */
function findIn(rule: PostingRule, sentence: string): { start: number; end: number } | null {
  const text = withoutAllowed(sentence, rule.allowed);
  let found: { start: number; end: number } | null = null;
  for (const words of rule.patterns) {
    const match = words.exec(text);
    if (match && (found === null || match.index < found.start)) {
      found = { start: match.index, end: match.index + match[0].length };
    }
  }
  return found;
}

/** The words found, with as much of the sentence around them as fits in EXCERPT_MAX, cut between words. */
function excerptOf(sentence: string, start: number, end: number): string {
  if (end - start >= EXCERPT_MAX - 1) return `${sentence.slice(start, start + EXCERPT_MAX - 1).trimEnd()}…`;
  const room = EXCERPT_MAX - (end - start) - 2;
  const before = Math.min(start, Math.max(Math.floor(room / 2), room - (sentence.length - end)));
  const after = Math.min(sentence.length - end, room - before);
  let from = start - before;
  let to = end + after;
  if (from > 0 && sentence[from - 1] !== ' ') {
    const space = sentence.indexOf(' ', from);
    from = space !== -1 && space < start ? space + 1 : start;
  }
  if (to < sentence.length && sentence[to] !== ' ') {
    const space = sentence.lastIndexOf(' ', to);
    to = space > end ? space : end;
  }
  const words = sentence.slice(from, to).trim();
  return `${from > 0 ? '…' : ''}${words}${to < sentence.length ? '…' : ''}`;
}

/** "an E-2 teaching visa", "a Z work visa": the article as the permit's first letter calls for. */
function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

function suggestionFor(rule: PostingRule, permitName: string | undefined): string | undefined {
  if (rule.suggestion === undefined) return undefined;
  const permit = permitName?.trim() || 'work visa';
  return rule.suggestion.replaceAll('{a permit}', withArticle(permit)).replaceAll('{permit}', permit);
}

/**
 * What the posting may not say (`blocks`) and what the school must confirm (`warnings`), in the order
 * of POSTING_RULES and then of the text (title, pay notes, description). One issue per rule and
 * sentence, the same words named once, at most MOST_ISSUES_PER_RULE per rule.
 */
export function checkPosting(posting: PostingText): PostingCheck {
  const sentences = sentencesOfPosting(posting);
  const check: PostingCheck = { blocks: [], warnings: [] };
  for (const rule of POSTING_RULES) {
    const excerpts = new Set<string>();
    const suggestion = suggestionFor(rule, posting.permitName);
    for (const sentence of sentences) {
      if (excerpts.size >= MOST_ISSUES_PER_RULE) break;
      if (sentence.isLink && !rule.readsLinks) continue;
      const found = findIn(rule, sentence.text);
      if (found === null) continue;
      const excerpt = excerptOf(sentence.text, found.start, found.end);
      if (excerpts.has(excerpt)) continue;
      excerpts.add(excerpt);
      const issue: PostingIssue = { rule: rule.id, excerpt, message: rule.message, field: sentence.field };
      if (suggestion !== undefined) issue.suggestion = suggestion;
      (rule.level === 'block' ? check.blocks : check.warnings).push(issue);
    }
  }
  return check;
}
