/**
 * A day, month and year as the 'long' date style writes them, worked out with plain arithmetic:
 * the first Intl.DateTimeFormat of a page loads the calendar data of its locale, a long task on a
 * mid-range phone, on /l/{id} where the listing's dates show
 * (docs/performance.md, 'Figures behind choices in the code').
 * format-date.test.ts checks every day of 30 years against Intl.
 */

const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Meskerem to Pagumen, as Intl (ICU) writes them for am-ET. */
const ETHIOPIAN_MONTHS = ['መስከረም', 'ጥቅምት', 'ኅዳር', 'ታኅሣሥ', 'ጥር', 'የካቲት', 'መጋቢት', 'ሚያዝያ', 'ግንቦት', 'ሰኔ', 'ሐምሌ', 'ነሐሴ', 'ጳጉሜን'];
/** The Julian day number before the first day of the Ethiopian era (Amete Mihret). */
const ETHIOPIAN_EPOCH = 1723856;

function floorMod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/** The Julian day number of a Gregorian date (month 1-12). */
function julianDay(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
}

export interface CalendarDay {
  year: number;
  /** 1-12, or 13 for Pagumen in the Ethiopian calendar. */
  month: number;
  day: number;
}

/** The Ethiopian date of a Gregorian one (month 1-12). */
export function ethiopianDay(year: number, month: number, day: number): CalendarDay {
  const jdn = julianDay(year, month, day);
  const r = floorMod(jdn - ETHIOPIAN_EPOCH, 1461);
  const n = floorMod(r, 365) + 365 * Math.floor(r / 1460);
  return {
    year: 4 * Math.floor((jdn - ETHIOPIAN_EPOCH) / 1461) + Math.floor(r / 365) - Math.floor(r / 1460),
    month: Math.floor(n / 30) + 1,
    day: floorMod(n, 30) + 1,
  };
}

/** 'December 22, 2026' in English; '13 ታኅሣሥ 2019' and the era in Amharic (the phone's own day). */
export function longCalendarDate(date: Date, language: 'en' | 'am', era: string): string {
  const year = date.getFullYear();
  const month = date.getMonth() + 1;
  const day = date.getDate();
  if (language === 'en') return `${ENGLISH_MONTHS[month - 1]} ${day}, ${year}`;
  const ethiopian = ethiopianDay(year, month, day);
  return `${ethiopian.day} ${ETHIOPIAN_MONTHS[ethiopian.month - 1]} ${ethiopian.year} ${era}`;
}
