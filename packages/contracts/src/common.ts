import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Success envelope: { ok: true, ...fields }. */
export function okAnswer<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ok: z.literal(true), ...shape });
}

/** Admin envelope: { ok: true, data }. */
export function adminAnswer<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data });
}

export const ZErrorAnswer = z.object({
  ok: z.literal(false),
  error: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string(),
  reason: z.string().optional(),
  retry_after: z.number().int().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TErrorAnswer = z.infer<typeof ZErrorAnswer>;

export const ZOkAnswer = okAnswer({});
export type TOkAnswer = z.infer<typeof ZOkAnswer>;

/** Ids are UUIDs; anything else is answered 404 without reaching the database. */
export const ZId = z.uuid();

export const ZIdParams = z.object({ id: z.string() });
