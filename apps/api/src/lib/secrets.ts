import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema/settings.ts';

/**
 * The signing secret: JWT_SECRET when set (required in production); otherwise one generated on the
 * first start and kept in the database, so sessions survive restarts and every process agrees.
 */
export async function resolveSigningSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('could not read the signing secret');
  return row.value;
}

/** A separate key for each purpose, derived from the one secret. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`betoch:${purpose}`).digest('base64url');
}
