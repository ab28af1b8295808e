import { describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { findContactSpans, maskContacts } from './contact-masking.ts';

/** A message that hides a contact, and the pieces of it that must not survive masking. */
interface Evasion {
  text: string;
  gone: string[];
}

const EVASIONS: Evasion[] = [
  // Written digits, Ethiopian forms
  { text: 'Call me 0911223344', gone: ['0911223344'] },
  { text: 'my number is 0911 22 33 44', gone: ['0911', '22 33 44'] },
  { text: 'ስልኬ 0911-22-33-44 ነው', gone: ['0911', '22-33-44'] },
  { text: 'reach me on 0911.22.33.44 anytime', gone: ['0911', '22.33.44'] },
  { text: 'Number: +251 911 22 33 44', gone: ['+251', '911 22 33 44'] },
  { text: '+251-911-223344 whatsapp', gone: ['+251', '911', '223344'] },
  { text: '(+251) 91 122 3344', gone: ['251', '122 3344'] },
  { text: '251911223344 call after 6', gone: ['251911223344'] },
  { text: 'text 0722 11 22 33 (safaricom)', gone: ['0722', '11 22 33'] },
  { text: '07-12-34-56-78 is my safaricom', gone: ['07-12-34-56-78'] },
  { text: 'office 011 551 2345', gone: ['011 551 2345'] },
  { text: '911 22 33 44 ደውሉልኝ', gone: ['911 22 33 44'] },
  { text: '09 1 1 2 2 3 3 4 4', gone: ['3 3 4 4'] },
  { text: 'call 0911/223/344', gone: ['0911/223/344'] },
  { text: 'price 15000, 0911223344 for viewing', gone: ['0911223344'] },
  { text: 'My brother in DC: +1 202 555 0147', gone: ['202 555 0147'] },
  { text: 'call 00251911223344', gone: ['00251911223344'] },
  // Spelled out: English, mixed, glued, double/triple
  { text: 'zero nine one one two two three three four four', gone: ['zero nine one one', 'four four'] },
  { text: 'Zero Nine Eleven Twenty Two Thirty Three Forty Four', gone: ['Zero Nine Eleven', 'Forty Four'] },
  { text: 'zero-nine-one-one 22 33 44', gone: ['zero-nine-one-one', '22 33 44'] },
  { text: 'o9ll 22 33 44', gone: ['o9ll', '22 33 44'] },
  { text: 'O nine double one 22 triple three 4', gone: ['double one', 'triple three'] },
  { text: '09 one one 2 2 three three 44', gone: ['09 one one', 'three three 44'] },
  { text: 'zeroninefouroneone twenty two 33 44', gone: ['zeroninefouroneone', '33 44'] },
  { text: 'plus two five one nine one one two two three three four four', gone: ['plus two five one', 'four four'] },
  // Amharic words, Ge'ez numerals, romanised Amharic
  { text: 'ዜሮ ዘጠኝ አንድ አንድ ሁለት ሁለት ሶስት ሶስት አራት አራት', gone: ['ዜሮ ዘጠኝ', 'አራት አራት'] },
  { text: 'ስልኬ ዜሮ ዘጠኝ አስራ አንድ ሃያ ሁለት ሰላሳ ሦስት አርባ አራት ነው', gone: ['ዜሮ ዘጠኝ', 'አርባ አራት'] },
  { text: 'ዜሮ ዘጠኝ ፩ ፩ ፪ ፪ ፫ ፫ ፬ ፬', gone: ['፩ ፩ ፪ ፪', '፬ ፬'] },
  { text: '0፱፲፩ ፳፪ ፴፫ ፵፬ ደውል', gone: ['0፱፲፩', '፵፬'] },
  { text: 'ዜሮ 9 one አንድ 22 ሰላሳ ሶስት 4 four', gone: ['ዜሮ 9 one', '4 four'] },
  { text: 'zero zetegn and and hulet hulet sost sost arat arat', gone: ['zero zetegn', 'arat arat'] },
  { text: '0️⃣9️⃣1️⃣1️⃣2️⃣2️⃣3️⃣3️⃣4️⃣4️⃣', gone: ['0️⃣9️⃣1️⃣1️⃣'] },
  { text: 'call ０９１１２２３３４４', gone: ['０９１１２２３３４４'] },
  // Telegram and other messengers
  { text: 'find me on telegram @abebe_k', gone: ['abebe_k'] },
  { text: 'my telegram: abebekebede', gone: ['abebekebede'] },
  { text: 'ቴሌግራም ላይ selam21 ብለው ይፈልጉኝ', gone: ['selam21'] },
  { text: 'message me at t.me/abebe_house', gone: ['t.me/abebe_house', 'abebe_house'] },
  { text: 'link: https://t.me/bolehomes', gone: ['bolehomes'] },
  { text: 'go to t . me / bolehomes', gone: ['bolehomes'] },
  { text: 'telegram.me/addis_rentals for more photos', gone: ['addis_rentals'] },
  { text: 'Tg id is rent_bole', gone: ['rent_bole'] },
  { text: '@BoleBroker has more houses', gone: ['BoleBroker'] },
  { text: 'whatsapp me on wa.me/251911223344', gone: ['251911223344'] },
  { text: 'viber 0911 223 344 or imo', gone: ['0911 223 344'] },
  { text: 'IMO +251911223344', gone: ['251911223344'] },
  { text: 'instagram: bole.homes', gone: ['bole.homes'] },
  // E-mails
  { text: 'email abebe.kebede@gmail.com', gone: ['abebe.kebede@gmail.com', 'gmail.com'] },
  { text: 'write to abebe at gmail dot com', gone: ['abebe at gmail dot com'] },
  { text: 'abebe [at] yahoo [dot] com please', gone: ['abebe [at] yahoo [dot] com'] },
  { text: 'selam(at)ethionet(dot)et', gone: ['selam(at)ethionet(dot)et'] },
  { text: 'my mail is abebe21 at gmail', gone: ['abebe21'] },
  { text: 'abebe @ gmail . com', gone: ['abebe @ gmail . com'] },
];

const INNOCENT: string[] = [
  'Hello, is the apartment still available?',
  'The rent is 15,000 birr per month, right?',
  'I need 2 bedrooms and 1 bathroom.',
  'Can I visit on the 3rd at 10:30?',
  'My budget is between 12,000 - 15,000 birr.',
  'My budget is 10000-15000, please call me if it fits.',
  'I can pay 3 months in advance, 45000 in total.',
  'Is it available from 12/05/2017 E.C.?',
  'We can meet on 2017-05-12 10:30 near Bole Medhanialem.',
  'ኪራዩ 15,000 ብር ነው?',
  'ሁለት መኝታ ቤት አለው? ስንት ብር ነው?',
  'It is a G+2 building, I want the 3rd floor.',
  'We are a family of four, two kids and two adults.',
  'One bedroom one bathroom please, around 8000 birr.',
  'Is the water tank 5000 liters? Is there parking for 2 cars?',
  'The condo is in the 40/60 site, block 12, house 34.',
  'Can we meet at Edna Mall at 4 pm tomorrow?',
  'Do you use telegram often? I prefer talking here.',
  'Telegram is better for photos, but here is fine.',
  'Please call me when you are free.',
  'I am at home now, I will come @ 5.',
  'The area is 120 m² with 3 balconies.',
  'Deposit 2 months (30,000 birr) and rent 15,000.',
  // A year next to a price, in a text that talks about calling (listing descriptions).
  'Built in 2015, 25,000 ETB a month. Call for a viewing.',
  // Words that are keys of every object: once answered 500 ('constructor' read as a digit).
  'Call the constructor, not the owner: {{constructor.constructor}} toString valueOf __proto__ hasOwnProperty',
];

describe('contact masking: evasions are masked', () => {
  it.each(EVASIONS)('$text', ({ text, gone }) => {
    const result = maskContacts(text, CONTACT_MASK);
    expect(result.masked).toBe(true);
    expect(result.text).toContain(CONTACT_MASK);
    for (const piece of gone) expect(result.text).not.toContain(piece);
  });

  it('covers at least 40 evasions', () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(40);
  });
});

describe('contact masking: ordinary messages stay untouched', () => {
  it.each(INNOCENT)('%s', (text) => {
    expect(findContactSpans(text)).toEqual([]);
    expect(maskContacts(text, CONTACT_MASK)).toEqual({ text, masked: false });
  });

  it('covers at least 15 innocent messages', () => {
    expect(INNOCENT.length).toBeGreaterThanOrEqual(15);
  });
});

describe('contact masking: what is left around the marker', () => {
  it('keeps the words around a number and replaces only the number', () => {
    expect(maskContacts('Call me on 0911 22 33 44 after 6pm', CONTACT_MASK).text).toBe(`Call me on ${CONTACT_MASK} after 6pm`);
  });

  it('masks two contacts in one message separately', () => {
    const result = maskContacts('0911223344 or abebe@gmail.com', CONTACT_MASK);
    expect(result.text).toBe(`${CONTACT_MASK} or ${CONTACT_MASK}`);
  });

  it('keeps the price next to a masked handle', () => {
    expect(maskContacts('15,000 birr, telegram @abebe_k', CONTACT_MASK).text).toBe(`15,000 birr, telegram ${CONTACT_MASK}`);
  });
});
