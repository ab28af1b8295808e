/**
 * A coarse description of the device from its user agent, for the sign-in history: the kind of
 * system and browser only ('Android, Chrome'), never versions, models or the full string.
 */
export function coarseDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const system = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iPhone/iPad'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'Mac'
          : /Linux|CrOS/i.test(ua)
            ? 'Linux'
            : null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  if (!system && !browser) return 'Unknown device';
  return [system, browser].filter(Boolean).join(', ');
}
