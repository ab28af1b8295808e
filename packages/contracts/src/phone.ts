/**
 * Phone numbers are stored and compared in E.164 (+2519XXXXXXXX).
 * Accepted Ethiopian mobile forms: 09XXXXXXXX, 07XXXXXXXX, 9XXXXXXXX, 7XXXXXXXX, +2519..., 2519...,
 * with spaces, dots, dashes or brackets. Other countries: '+' followed by 8 to 15 digits.
 */
const SEPARATORS = /[\s.\-()]/g;

export function normalizePhone(input: string): string | null {
  const raw = input.trim().replace(SEPARATORS, '');
  if (raw.length === 0) return null;
  let digits: string;
  if (raw.startsWith('+')) digits = raw.slice(1);
  else if (raw.startsWith('00')) digits = raw.slice(2);
  else if (/^0[79]\d{8}$/.test(raw)) return `+251${raw.slice(1)}`;
  else if (/^[79]\d{8}$/.test(raw)) return `+251${raw}`;
  else if (/^251[79]\d{8}$/.test(raw)) return `+${raw}`;
  else return null;

  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('251')) {
    return /^251[79]\d{8}$/.test(digits) ? `+${digits}` : null;
  }
  if (/^[1-9]\d{7,14}$/.test(digits)) return `+${digits}`;
  return null;
}

/** +251911223344 -> 0911 22 33 44 (the local form people read); other countries stay in + form. */
export function formatPhoneLocal(e164: string): string {
  const m = /^\+251(\d{3})(\d{2})(\d{2})(\d{2})$/.exec(e164);
  if (!m) return e164;
  return `0${m[1]} ${m[2]} ${m[3]} ${m[4]}`;
}

/** Last 4 characters, used for the 'User 1234' display name. */
export function phoneTail(phone: string): string {
  return phone.slice(-4);
}
