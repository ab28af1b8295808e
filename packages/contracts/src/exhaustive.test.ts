import { describe, expect, it } from 'vitest';
import { unreachable } from './exhaustive.ts';

type Action = 'hide' | 'ban';
function label(action: Action): string {
  switch (action) {
    case 'hide':
      return 'hidden';
    case 'ban':
      return 'banned';
    default:
      return unreachable(action, 'moderation action');
  }
}

describe('unreachable', () => {
  it('is never reached by a value of the set, and throws, naming it, for a value from outside', () => {
    expect(label('hide')).toBe('hidden');
    expect(() => label('warn' as Action)).toThrow('Unknown moderation action: "warn"');
  });
});
