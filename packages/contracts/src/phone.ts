/**
 * Phone numbers are stored and compared in E.164 (+2519XXXXXXXX).
 * Accepted Ethiopian mobile forms (9 = Ethio Telecom, 7 = Safaricom): 09XXXXXXXX, 07XXXXXXXX,
 * 9XXXXXXXX, 7XXXXXXXX, +2519..., 2519..., 002519..., also with the trunk 0 kept after the country
 * code (+251 0911...), with spaces, dots, dashes or brackets. Ethiopian landlines (+2511..., +2518...)
 * cannot receive a code and are refused. Other countries: '+' (or 00) and 8 to 15 digits.
 */
const SEPARATORS = /[\s.\-()]/g;
const MAX_INPUT_LENGTH = 40;

export function normalizePhone(input: string): string | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT_LENGTH) return null;
  const raw = input.trim().replace(SEPARATORS, '');
  let international: string;
  if (raw.startsWith('+')) international = raw.slice(1);
  else if (raw.startsWith('00')) international = raw.slice(2);
  else if (raw.startsWith('251')) international = raw;
  else {
    const local = /^0?([79]\d{8})$/.exec(raw);
    return local ? `+251${local[1]}` : null;
  }
  if (!/^\d+$/.test(international)) return null;
  if (international.startsWith('251')) {
    const mobile = /^2510?([79]\d{8})$/.exec(international);
    return mobile ? `+251${mobile[1]}` : null;
  }
  return /^[1-9]\d{7,14}$/.test(international) ? `+${international}` : null;
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
