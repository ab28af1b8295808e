import { ZId } from '@betoch/contracts/common';

/** An opaque page cursor: the (published_at, id) of the last card of the page, base64url. */
export function encodeCursor(publishedAt: Date, id: string): string {
  return Buffer.from(`${publishedAt.toISOString()}|${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { publishedAt: Date; id: string } | undefined {
  const [iso, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !iso || !id || !ZId.safeParse(id).success) return undefined;
  const publishedAt = new Date(iso);
  return Number.isNaN(publishedAt.getTime()) ? undefined : { publishedAt, id };
}
