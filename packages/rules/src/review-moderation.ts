/**
 * What holds a review back for a platform operator before readers see it (docs/ratings.md,
 * "Moderation"): a link or an address to go elsewhere, a phone number or an email address
 * (contact details are spam's way out of the store), or a word of the lists below. One
 * function for the server (which decides) and the console (which says why).
 */
export type ReviewFlag = 'link' | 'phone' | 'email' | 'word';

/** Top-level domains spam points to; a bare "node.js" or "v1.2" is not a link. */
const TLDS = 'com|net|org|info|biz|ru|su|xn--p1ai|рф|cn|io|app|me|xyz|top|site|online|shop|store|link|click|ly|gl|co|de|uk|ua|kz|by|tk|ml|ga|cf|gq|club|vip|win|bid|tv|cc|pro|live|fun|icu';
const LINK = new RegExp(`(?:https?://|www\\.|t\\.me/|\\b[\\p{L}\\d-]+\\.(?:${TLDS})(?![\\p{L}\\d]))`, 'iu');
/** Seven or more digits, with spaces, dashes or brackets between them (not dots: versions and dates have those). */
const PHONE = /\+?\d(?:[\s\-()]*\d){6,}/u;
const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d.-]+\.\p{L}{2,}/u;

/**
 * Words that hold a review, per language: spam's staples and the worst profanity. English
 * matches whole words; Russian at the start of a word (its words inflect: "ставки", but
 * not "доставка"); Chinese anywhere (it has no spaces).
 * Short on purpose: a held review waits for a person, who decides; operators add their own
 * (REVIEW_HELD_WORDS).
 */
export const REVIEW_HELD_WORDS: Readonly<Record<'en' | 'ru' | 'zh', readonly string[]>> = {
  en: ['casino', 'viagra', 'cialis', 'porn', 'escort', 'betting', 'giveaway', 'airdrop', 'free robux', 'fuck', 'shit', 'cunt', 'bitch', 'nigger', 'faggot'],
  ru: ['казино', 'ставк', 'букмекер', 'заработок без', 'порно', 'эскорт', 'виагр', 'хуй', 'хуе', 'пизд', 'ебат', 'ебан', 'ёбан', 'еблан', 'бляд', 'сука', 'мудак', 'пидор'],
  zh: ['赌博', '博彩', '娱乐城', '色情', '约炮', '代开发票', '刷单', '傻逼', '操你', '他妈的', '婊子'],
};

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const WORD_START = '(?<![\\p{L}\\d])';
const WORD_END = '(?![\\p{L}\\d])';

/**
 * One pattern for every language's words (a review's language is what its device said,
 * not always what it is in); an operator's own words match as whole words.
 */
export function heldWordsPattern(extra: readonly string[] = []): RegExp {
  const words = [
    ...REVIEW_HELD_WORDS.en.map((w) => `${WORD_START}${escape(w)}${WORD_END}`),
    ...REVIEW_HELD_WORDS.ru.map((w) => `${WORD_START}${escape(w)}`),
    ...REVIEW_HELD_WORDS.zh.map(escape),
    ...extra.map((w) => `${WORD_START}${escape(w.trim())}${WORD_END}`),
  ];
  return new RegExp(words.join('|'), 'iu');
}

const DEFAULT_WORDS = heldWordsPattern();

/** Why a review would be held, in a fixed order; empty when readers may see it at once. */
export function reviewFlags(text: string, words: RegExp = DEFAULT_WORDS): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (EMAIL.test(text)) flags.push('email');
  else if (LINK.test(text)) flags.push('link');
  if (PHONE.test(text)) flags.push('phone');
  if (words.test(text)) flags.push('word');
  return flags;
}
