/**
 * A random id for idempotency keys. crypto.randomUUID exists only in secure contexts (HTTPS or
 * localhost); getRandomValues works everywhere.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
