import type { z } from 'zod';

/** Field path -> first message (an i18n key of the contracts, e.g. 'phone_required'). */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  // A Map, then own properties: a path named by the caller ('__proto__', 'constructor') is a field
  // like any other, not what every object inherits.
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!fields.has(key)) fields.set(key, issue.message);
  }
  return Object.fromEntries(fields);
}
