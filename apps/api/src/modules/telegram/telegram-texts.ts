import { CAPTION_MAX, MESSAGE_TEXT_MAX } from './bot-api-client.ts';
import type { TelegramLanguage } from './telegram.repository.ts';

/**
 * What the bot says, in English and Amharic. Nothing paid for is ever in a text: no poster phone,
 * no locked reply (the callers pass only titles, prices, places and links).
 */
const TEXTS = {
  linked: {
    en: 'Connected: Betoch will send your alerts and messages here. Send /stop to disconnect.',
    am: 'ተገናኝቷል፦ ቤቶች ማሳወቂያዎችዎን እና መልዕክቶችዎን እዚህ ይልካል። ለማቋረጥ /stop ይላኩ።',
  },
  startInvalid: {
    en: 'This link has expired or was already used. On Betoch, open Account and press Connect Telegram again.',
    am: 'ይህ ሊንክ ጊዜው አልፏል ወይም ጥቅም ላይ ውሏል። በቤቶች መለያ ገጽ ላይ «ቴሌግራም ያገናኙ»ን እንደገና ይጫኑ።',
  },
  chatTaken: {
    en: 'This Telegram is connected to another Betoch account. Send /stop first, then use the new link.',
    am: 'ይህ ቴሌግራም ከሌላ የቤቶች መለያ ጋር ተገናኝቷል። መጀመሪያ /stop ይላኩ፣ ከዚያ አዲሱን ሊንክ ይጠቀሙ።',
  },
  welcome: {
    en: 'Welcome to Betoch. To get alerts here, sign in on Betoch, open Account and press Connect Telegram.',
    am: 'እንኳን ወደ ቤቶች በደህና መጡ። ማሳወቂያዎችን እዚህ ለማግኘት በቤቶች ይግቡ፣ መለያ ገጽን ይክፈቱ እና «ቴሌግራም ያገናኙ»ን ይጫኑ።',
  },
  stopped: {
    en: 'Disconnected. Betoch will send nothing more here. You can connect again from your Account page.',
    am: 'ተቋርጧል። ቤቶች ከዚህ በኋላ እዚህ ምንም አይልክም። ከመለያ ገጽዎ እንደገና ማገናኘት ይችላሉ።',
  },
  notLinked: {
    en: 'This chat is not connected to a Betoch account.',
    am: 'ይህ ቻት ከቤቶች መለያ ጋር አልተገናኘም።',
  },
  view: { en: 'View', am: 'ይመልከቱ' },
  open: { en: 'Open on Betoch', am: 'በቤቶች ይክፈቱ' },
  yesAvailable: { en: 'Yes, still available', am: 'አዎ፣ አሁንም ይገኛል' },
  rented: { en: 'Rented', am: 'ተከራይቷል' },
  answeredAvailable: { en: 'Thank you: the listing stays live.', am: 'እናመሰግናለን፦ ማስታወቂያው እንደቀጠለ ነው።' },
  answeredRented: { en: 'Thank you: the listing is off the market.', am: 'እናመሰግናለን፦ ማስታወቂያው ከገበያ ወጥቷል።' },
  buttonInvalid: { en: 'This button is not valid.', am: 'ይህ ቁልፍ የሚሰራ አይደለም።' },
  buttonSpent: {
    en: 'This question was already answered or has expired.',
    am: 'ይህ ጥያቄ አስቀድሞ ተመልሷል ወይም ጊዜው አልፏል።',
  },
} as const;

export type TextKey = keyof typeof TEXTS;

export function text(key: TextKey, language: TelegramLanguage): string {
  return TEXTS[key][language];
}

/** A text cut to what Telegram takes (the end marked), so a long title never fails a send. */
export function fit(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}

export const fitMessage = (value: string) => fit(value, MESSAGE_TEXT_MAX);
export const fitCaption = (value: string) => fit(value, CAPTION_MAX);

function etb(price: number, language: TelegramLanguage): string {
  return language === 'am' ? `${price.toLocaleString('en-US')} ብር` : `ETB ${price.toLocaleString('en-US')}`;
}

export interface MatchFacts {
  title: string;
  priceEtb: number;
  subcity: string;
  searchName: string;
}

export function newMatchText(f: MatchFacts, language: TelegramLanguage): string {
  return language === 'am'
    ? `አዲስ ቤት ለ«${f.searchName}»፦\n${f.title}\n${etb(f.priceEtb, language)} በወር · ${f.subcity}`
    : `New match for "${f.searchName}":\n${f.title}\n${etb(f.priceEtb, language)} a month · ${f.subcity}`;
}

export function freshnessQuestionText(title: string, language: TelegramLanguage): string {
  return language === 'am' ? `«${title}» አሁንም ይገኛል?` : `Is ${title} still available?`;
}

export function ownerRepliedText(title: string, language: TelegramLanguage): string {
  return language === 'am' ? `ባለቤቱ ስለ «${title}» መልስ ሰጥቷል። መልሱን በቤቶች ላይ ይክፈቱ።` : `The owner replied about "${title}". Open it on Betoch to read the reply.`;
}

export function newMessageText(title: string, language: TelegramLanguage): string {
  return language === 'am' ? `ስለ «${title}» አዲስ መልዕክት አለዎት።` : `You have a new message about "${title}".`;
}
