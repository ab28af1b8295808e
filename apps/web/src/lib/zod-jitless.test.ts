import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { globalConfig } from 'zod/v4/core';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('is the config zod reads: jitless, so no new Function probe (a CSP violation in the browser)', () => {
    expect(globalConfig.jitless).toBe(true);
    const probe = globalThis.Function;
    let constructed = 0;
    globalThis.Function = new Proxy(probe, {
      construct(target, args) {
        constructed += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = probe;
    }
    expect(constructed).toBe(0);
  });
});
