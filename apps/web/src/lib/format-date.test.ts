import { describe, expect, it } from 'vitest';
import { calendarYear, ETHIOPIAN_ERA, formatDate } from './format-date';

// 22 December 2026 (Gregorian) is 13 Tahsas 2019 in the Ethiopian calendar.
const DEC_22 = '2026-12-22T10:00:00.000Z';

describe('formatDate (the Ethiopian calendar in Amharic, Gregorian in English)', () => {
  it('writes the Gregorian date in English', () => {
    expect(formatDate(DEC_22, 'en')).toBe('December 22, 2026');
    expect(formatDate(DEC_22, 'en', 'medium')).toBe('Dec 22, 2026');
    expect(formatDate(DEC_22, 'en', 'dayMonth')).toBe('Dec 22');
  });

  it('writes the Ethiopian date with the Amharic month and the era in Amharic', () => {
    expect(formatDate(DEC_22, 'am')).toBe(`13 ታኅሣሥ 2019 ${ETHIOPIAN_ERA}`);
    expect(formatDate(DEC_22, 'am-ET', 'dayMonth')).toBe('ታኅሣሥ 13');
    // Never the Gregorian day, month or year.
    expect(formatDate(DEC_22, 'am')).not.toMatch(/22|2026|ዲሴምበር/);
  });

  it('turns the Ethiopian year at Meskerem 1 (11 September), not on 1 January', () => {
    expect(formatDate('2026-09-10T12:00:00Z', 'am')).toBe(`5 ጳጉሜን 2018 ${ETHIOPIAN_ERA}`);
    expect(formatDate('2026-09-11T12:00:00Z', 'am')).toBe(`1 መስከረም 2019 ${ETHIOPIAN_ERA}`);
    expect(calendarYear('2026-09-10T12:00:00Z', 'am')).toBe(2018);
    expect(calendarYear('2026-09-11T12:00:00Z', 'am')).toBe(2019);
    expect(calendarYear('2026-09-11T12:00:00Z', 'en')).toBe(2026);
  });

  it('keeps the day of the chosen time zone', () => {
    // 22:30 UTC on 22 December is already 23 December in Addis Ababa (UTC+3).
    expect(formatDate('2026-12-22T22:30:00Z', 'en', 'dayMonth', { timeZone: 'Africa/Addis_Ababa' })).toBe('Dec 23');
    expect(formatDate('2026-12-22T22:30:00Z', 'am', 'dayMonth', { timeZone: 'Africa/Addis_Ababa' })).toBe('ታኅሣሥ 14');
  });

  it("writes Addis Ababa's day for a page drawn on the server, whatever this machine's time zone", () => {
    // 22:30 UTC on 24 November is already 25 November in Addis Ababa (UTC+3).
    expect(formatDate('2026-11-24T22:30:00Z', 'en', 'long', { marketDay: true })).toBe('November 25, 2026');
    expect(formatDate('2026-11-24T20:30:00Z', 'en', 'long', { marketDay: true })).toBe('November 24, 2026');
    expect(formatDate('2026-11-24T22:30:00Z', 'am', 'long', { marketDay: true })).toBe('16 ኅዳር 2019 ዓ.ም.');
  });

  it('writes times with Latin digits in both languages', () => {
    expect(formatDate('2026-12-22T13:05:00Z', 'en', 'mediumTime24', { timeZone: 'Africa/Addis_Ababa' })).toBe('Dec 22, 2026, 16:05');
    expect(formatDate('2026-12-22T13:05:00Z', 'am', 'mediumTime24', { timeZone: 'Africa/Addis_Ababa' })).toBe(`13 ታኅሣሥ 2019 ${ETHIOPIAN_ERA} 16:05`);
  });

  it('uses English for other languages and answers nothing for a date it cannot read', () => {
    expect(formatDate(DEC_22, 'fr')).toBe('December 22, 2026');
    expect(formatDate('not a date', 'am')).toBe('');
    expect(Number.isNaN(calendarYear('not a date', 'am'))).toBe(true);
  });
});

describe('the long style without Intl (lib/calendar-date.ts)', () => {
  /** What Intl writes for the long style: formatDate's Intl path, taken when a time zone is given. */
  const intlLong = (date: Date, language: 'en' | 'am') => formatDate(date, language, 'long', { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

  it('writes every day from 2010 to 2040 as Intl does, in both languages and calendars', () => {
    const mismatches: string[] = [];
    for (let day = new Date(2010, 0, 1, 12); day.getFullYear() < 2040; day.setDate(day.getDate() + 1)) {
      for (const language of ['en', 'am'] as const) {
        const ours = formatDate(day, language);
        const intl = intlLong(day, language);
        if (ours !== intl) mismatches.push(`${day.toDateString()} ${language}: ${ours} / ${intl}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it("takes the phone's own day, at either end of it", () => {
    expect(formatDate(new Date(2026, 11, 22, 0, 1), 'en')).toBe('December 22, 2026');
    expect(formatDate(new Date(2026, 11, 22, 23, 59), 'en')).toBe('December 22, 2026');
    expect(formatDate(new Date(2026, 11, 22, 23, 59), 'am')).toBe(`13 ታኅሣሥ 2019 ${ETHIOPIAN_ERA}`);
  });
});
