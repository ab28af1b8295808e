/** What a listing is shared with: its public address and a line of public text (never a phone). */
export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/** The listing's public address on this site. */
export function listingShareUrl(origin: string, path: string): string {
  return `${origin}${path}`;
}

export function telegramShareUrl({ text, url }: ShareData): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

export function whatsappShareUrl({ text, url }: ShareData): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}
