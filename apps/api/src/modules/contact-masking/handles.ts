/**
 * Links, e-mail addresses and messenger handles in a reader view (./reader-view.ts): t.me and
 * other messenger links, e-mails plain and written out ('abebe at gmail dot com'), '@handle', and a
 * handle after a messenger's name ('telegram: abebe_k', 'my telegram abebekebede').
 *
 * Every pattern that starts with a run of letters is anchored by a look-behind to the start of a
 * word, so no attempt is made from inside a word: the cost stays linear in the text's length
 * (without the anchor a 5,000-letter word was scanned again from each of its letters).
 */
import type { Span } from './spans.ts';

const DOT = String.raw`(?:\s*[.．。]\s*|\s*[([{]\s*dot\s*[)\]}]\s*|\s+dot\s+|\s*ዶት\s*)`;
const AT = String.raw`(?:\s*[@＠]\s*|\s*[([{]\s*at\s*[)\]}]\s*|\s+at\s+|\s*አት\s*)`;
const TLDS = 'com|net|org|et|io|co|me|info|edu|gov|biz|app|dev';
/** An '@' or a written 'at' of any spelling. */
const WRITTEN_AT = /[@＠]|at|አት/iu;
const MAIL_PROVIDERS = 'gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail|proton|aol|ethionet|zoho';

/** Each pattern with a quick test for a character or word it cannot match without. */
const PATTERNS: Array<[gate: RegExp, pattern: RegExp]> = [
  // Telegram links, with or without scheme, also written with spaces ('t . me / abebe').
  [/(?:me|dog)\s*\//iu, new RegExp(String.raw`(?<![\p{L}\p{N}])(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\s*[.．]\s*(?:me|dog)\s*\/\s*[+@\w-]+`, 'giu')],
  // Other messenger and social links.
  [
    /\//u,
    new RegExp(
      String.raw`(?<![\p{L}\p{N}])(?:https?:\/\/)?(?:www\.|m\.)?(?:wa\s*[.．]\s*me|api\.whatsapp\.com|chat\.whatsapp\.com|fb\.me|m\.me|facebook\.com|instagram\.com|instagr\.am|tiktok\.com|twitter\.com|x\.com|linkedin\.com|imo\.im|invite\.viber\.com|viber\.click|signal\.me)\s*\/\s*\S+`,
      'giu',
    ),
  ],
  [/:/u, /(?<![\p{L}\p{N}])(?:tg|viber|whatsapp|skype|imo|sms|tel|mailto):\/{0,2}\S+/giu],
  // E-mails: plain, and written out ('abebe at gmail dot com', 'abebe [at] yahoo [dot] com').
  [/[@＠]/u, /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+[@＠][\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,24}(?![\p{L}\p{N}])/giu],
  [
    WRITTEN_AT,
    new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+${AT}[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)*?${DOT}(?:${TLDS})(?![\p{L}\p{N}])`, 'giu'),
  ],
  [WRITTEN_AT, new RegExp(String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{2,}${AT}(?:${MAIL_PROVIDERS})(?![\p{L}\p{N}])(?:${DOT}(?:${TLDS}))?`, 'giu')],
  // '@handle' (5 to 32 characters, as Telegram and Instagram names are).
  [/[@＠]/u, /(?<![\p{L}\p{N}_.@＠])[@＠][A-Za-z][A-Za-z0-9_.]{3,31}(?![A-Za-z0-9_])/gu],
];

/** Names of messengers and mail, with the words people write between the name and the handle. */
const MESSENGERS =
  'telegram|telegeram|telegrm|tg|ቴሌግራም|ቴሌግራም|ቴሌ|instagram|insta|ig|snapchat|snap|tiktok|facebook|fb|skype|signal|wechat|imo|ኢሞ|whats\\s?app|whatsap|watsapp|watsap|ዋትስአፕ|ዋትሳፕ|viber|ቫይበር|gmail|e-?mail|mail|ኢሜይል|ኢሜል|ጂሜይል|username|user\\s?name';
const HANDLE_AFTER_NAME = new RegExp(
  String.raw`(?<![\p{L}])(?:(my|our|his|her|the owner's|የኔ|የእኔ)\s+)?(${MESSENGERS})(?![\p{L}])\s*(?:(?:account|username|user\s?name|id|handle|name|ላይ|አድራሻ|አካውንት)\s*)?((?::|-|=|is|as|ነው|→|>)\s*)?([@＠]\s?)?([A-Za-z][A-Za-z0-9_.]{3,31})(?![A-Za-z0-9_])`,
  'giu',
);
const MESSENGER_MENTION = new RegExp(String.raw`(?<![\p{L}])(?:${MESSENGERS})(?![\p{L}])`, 'iu');
/** A word that looks like a handle rather than English: letters with digits or underscores. */
const HANDLE_LIKE = /(?<![\p{L}\p{N}_@])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9_]*|\d[A-Za-z0-9_]*)(?![\p{L}\p{N}_])/gu;

/** Names that only ever mean a messenger ('signal', 'mail' or 'imo' are also ordinary words). */
const STRONG_MESSENGER =
  /^(?:telegram|telegeram|telegrm|tg|ቴሌግራም|ቴሌ|instagram|insta|snapchat|tiktok|facebook|fb|skype|wechat|whats\s?app|whatsap|watsapp|watsap|ዋትስአፕ|ዋትሳፕ|viber|ቫይበር|username|user\s?name)$/iu;

/** English words that follow a messenger's name in ordinary sentences ('telegram often', 'whatsapp group'). */
const COMMON_WORDS = new Set([
  'that',
  'this',
  'these',
  'those',
  'then',
  'than',
  'them',
  'they',
  'with',
  'without',
  'from',
  'into',
  'about',
  'after',
  'before',
  'because',
  'since',
  'when',
  'where',
  'which',
  'what',
  'while',
  'will',
  'would',
  'could',
  'should',
  'must',
  'might',
  'have',
  'has',
  'had',
  'does',
  'doesnt',
  'dont',
  'didnt',
  'cant',
  'wont',
  'isnt',
  'were',
  'been',
  'being',
  'more',
  'much',
  'most',
  'very',
  'really',
  'just',
  'even',
  'still',
  'already',
  'again',
  'back',
  'over',
  'under',
  'often',
  'always',
  'never',
  'sometimes',
  'usually',
  'rarely',
  'instead',
  'first',
  'later',
  'today',
  'tomorrow',
  'tonight',
  'yesterday',
  'anytime',
  'group',
  'groups',
  'channel',
  'channels',
  'message',
  'messages',
  'chat',
  'chats',
  'call',
  'calls',
  'video',
  'videos',
  'voice',
  'photo',
  'photos',
  'picture',
  'pictures',
  'pics',
  'link',
  'links',
  'account',
  'accounts',
  'number',
  'app',
  'apps',
  'works',
  'work',
  'send',
  'sent',
  'text',
  'write',
  'contact',
  'reach',
  'find',
  'search',
  'post',
  'posts',
  'page',
  'pages',
  'story',
  'stories',
  'status',
  'only',
  'also',
  'either',
  'neither',
  'nor',
  'some',
  'many',
  'every',
  'other',
  'another',
  'such',
  'like',
  'please',
  'thanks',
  'thank',
  'sorry',
  'here',
  'there',
  'ads',
  'advert',
  'adverts',
  'scam',
  'scams',
  'spam',
  'users',
  'people',
  'friends',
  'family',
  'instead.',
  'either.',
  'yet',
  'too',
  'and',
  'but',
  'for',
  'not',
  'you',
  'your',
  'yours',
  'our',
  'ours',
  'their',
  'theirs',
]);

/** Words that follow 'telegram is ...' in ordinary sentences. */
const NOT_HANDLES = new Set([
  'better',
  'good',
  'fine',
  'okay',
  'best',
  'easier',
  'faster',
  'blocked',
  'down',
  'slow',
  'free',
  'there',
  'also',
  'same',
  'available',
  'working',
  'enough',
  'great',
  'please',
  'only',
  'better.',
  'easy',
  'here',
  'open',
  'closed',
  'broken',
  'preferred',
  'allowed',
  'banned',
  'safer',
  'safe',
  'cheaper',
  'simple',
  'simpler',
  'the',
  'your',
  'mine',
  'yours',
]);

export function handleSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(HANDLE_AFTER_NAME)) {
    const [, owned, messenger, connector, at, handle] = m;
    if (!handle || !messenger) continue;
    const handleish = /[\d_.]/.test(handle);
    const word = handle.toLowerCase();
    if (!handleish && (NOT_HANDLES.has(word) || COMMON_WORDS.has(word))) continue;
    // A bare word after the name is a handle when the name is a messenger's own or the text says whose it is.
    const bareHandle = Boolean(owned) || STRONG_MESSENGER.test(messenger);
    if (!connector && !at && !handleish && !bareHandle) continue;
    const end = m.index + m[0].length;
    spans.push([end - handle.length - (at?.length ?? 0), end]);
  }
  // In a message that names a messenger, handle-shaped words (abebe_k, selam21) anywhere.
  if (MESSENGER_MENTION.test(text)) {
    for (const m of text.matchAll(HANDLE_LIKE)) {
      if (m[0].length >= 5 && /[A-Za-z]{3}/.test(m[0])) spans.push([m.index, m.index + m[0].length]);
    }
  }
  return spans;
}

export function patternSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const [gate, pattern] of PATTERNS) {
    if (!gate.test(text)) continue;
    for (const m of text.matchAll(pattern)) spans.push([m.index, m.index + m[0].trimEnd().length]);
  }
  return spans;
}
