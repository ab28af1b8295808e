/**
 * A setting of this device copied into a cookie for the server (the language, data saver): the
 * whole site, a year, renewed whenever the app writes it again; never sent from other sites.
 */
export function writeDeviceCookie(name: string, value: string): void {
  document.cookie = `${name}=${value}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}
