/**
 * The SMS that asks a poster 'Is {title} still available?' with the link that answers without
 * signing in. Posters have no language on record: one message in both languages, the link once.
 */
export function confirmQuestionSms(title: string, link: string): string {
  const short = title.length > 60 ? `${title.slice(0, 57)}...` : title;
  return `Betoch: Is "${short}" still available? / "${short}" አሁንም ይገኛል? Answer / ይመልሱ: ${link}`;
}

/** The link's address: the public origin when configured (PUBLIC_URL), else the path alone (demo). */
export function confirmLink(publicUrl: string | undefined, token: string): string {
  const origin = publicUrl ? publicUrl.replace(/\/+$/, '') : '';
  return `${origin}/confirm/${token}`;
}
