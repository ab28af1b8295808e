/**
 * The last branch of a switch over a closed set (actions, skus, user types, reasons, states): the
 * compiler rejects the switch when a value of the set has no case, and a value from outside the
 * set that reaches it at run time (an old client, a bad row) is an error, never a default.
 */
export function unreachable(value: never, what: string): never {
  throw new Error(`Unknown ${what}: ${JSON.stringify(value)}`);
}
