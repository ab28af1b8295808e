import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFieldErrors } from './zod-errors.ts';

describe('zodFieldErrors', () => {
  it('names a field the caller called constructor or toString like any other field', () => {
    const schema = z.record(z.string(), z.number());
    const result = schema.safeParse(JSON.parse('{"__proto__":"x","constructor":"y","toString":"z","price":"w"}'));
    expect(result.success).toBe(false);
    const fields = zodFieldErrors(result.error!);
    // zod itself skips a __proto__ key; the others were lost here, as 'in' found them inherited.
    expect(Object.keys(fields).sort()).toEqual(['constructor', 'price', 'toString']);
    expect(JSON.parse(JSON.stringify(fields))).toMatchObject({ constructor: expect.any(String), toString: expect.any(String) });
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('keeps the first message of a field, and names a whole-body problem _', () => {
    const result = z.object({ a: z.string().min(2, 'too_short').regex(/^x/, 'no_x') }).safeParse({ a: 'b' });
    expect(zodFieldErrors(result.error!)).toEqual({ a: 'too_short' });
    expect(zodFieldErrors(z.string().safeParse(1).error!)).toHaveProperty('_');
  });
});
