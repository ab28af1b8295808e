import { describe, expect, it } from 'vitest';
import { formatPhoneLocal, normalizePhone, phoneTail } from './phone.ts';

describe('normalizePhone: accepted forms become E.164', () => {
  const accepted: Array<[string, string]> = [
    // Local 09 / 07 forms, with the separators people type
    ['0911223344', '+251911223344'],
    ['0911 22 33 44', '+251911223344'],
    ['0911-22-33-44', '+251911223344'],
    ['0911.22.33.44', '+251911223344'],
    ['(0911) 223 344', '+251911223344'],
    ['  0911223344  ', '+251911223344'],
    ['0711223344', '+251711223344'],
    ['07 11 22 33 44', '+251711223344'],
    // Without the leading 0
    ['911223344', '+251911223344'],
    ['711223344', '+251711223344'],
    // International forms of an Ethiopian mobile
    ['+251911223344', '+251911223344'],
    ['+251 911 22 33 44', '+251911223344'],
    ['+251-911-223-344', '+251911223344'],
    ['251911223344', '+251911223344'],
    ['002519 1122 3344', '+251911223344'],
    ['+251711223344', '+251711223344'],
    ['+251 (0) 911 223344', '+251911223344'],
    ['\u00a00911\u00a0223344', '+251911223344'],
    // Other countries in + (or 00) form: owners abroad
    ['+1 415 555 2671', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+49 (30) 901820', '+4930901820'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+971 50 123 4567', '+971501234567'],
  ];
  it.each(accepted)('%j -> %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('normalizePhone: everything else is refused', () => {
  const refused: string[] = [
    '',
    '   ',
    'abc',
    '09112233ab',
    'O911223344', // letter O instead of zero
    '0911 223 34', // too short
    '09112233445', // too long
    '091122334', // too short
    '0811223344', // not a mobile prefix
    '0111223344', // Addis landline
    '+251811223344', // landline behind the country code
    '+251111223344',
    '+25191122334', // too short after +251
    '+2519112233445', // too long after +251
    '2518112233',
    '+0911223344', // no country code starts with 0
    '+1234567', // too short for any country
    '+1234567890123456', // longer than E.164 allows
    '14155552671', // a foreign number needs its +
    '+1 415 555 267a',
    '++251911223344',
    '+251 911 223 344 ext 5',
    '0911/223344',
    '0911_223344',
    '٠٩١١٢٢٣٣٤٤', // Arabic-Indic digits
    '0'.repeat(41),
    '<script>alert(1)</script>',
    "0911223344' OR '1'='1",
  ];
  it.each(refused)('%j is refused', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('phone display helpers', () => {
  it('shows an Ethiopian number in its local form and keeps others in + form', () => {
    expect(formatPhoneLocal('+251911223344')).toBe('0911 22 33 44');
    expect(formatPhoneLocal('+14155552671')).toBe('+14155552671');
  });
  it('takes the last four characters for the display name', () => {
    expect(phoneTail('+251911223344')).toBe('3344');
  });
});
