import { describe, expect, it } from 'vitest';
import { messageSide } from './message-side';

describe('messageSide', () => {
  it("puts the tenant's messages on the right and the owner's on the left", () => {
    expect(messageSide('tenant')).toBe('end');
    expect(messageSide('owner')).toBe('start');
  });
});
