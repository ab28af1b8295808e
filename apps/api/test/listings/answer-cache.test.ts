import { describe, expect, it, vi } from 'vitest';
import { AnswerCache } from '../../src/modules/listings/answer-cache.ts';

/** The answer cache's time limit, fixed or per answer (popular listings are not read again every minute). */
describe('AnswerCache', () => {
  it('builds again after the time limit, or at once when the listings version changes', async () => {
    const cache = new AnswerCache<string>(10, 1000);
    const build = vi.fn(async () => 'answer');
    await cache.get('a', 'v1', 0, build);
    await cache.get('a', 'v1', 999, build);
    expect(build).toHaveBeenCalledTimes(1);
    await cache.get('a', 'v1', 1000, build);
    expect(build).toHaveBeenCalledTimes(2);
    await cache.get('a', 'v2', 1001, build);
    expect(build).toHaveBeenCalledTimes(3);
  });

  it('keeps each answer as long as the function says: one kept until the version changes, another for a while', async () => {
    const cache = new AnswerCache<{ shown: boolean }>(10, (value) => (value.shown ? Number.POSITIVE_INFINITY : 1000));
    const shown = vi.fn(async () => ({ shown: true }));
    const hidden = vi.fn(async () => ({ shown: false }));
    await cache.get('shown', 'v1', 0, shown);
    await cache.get('hidden', 'v1', 0, hidden);
    await cache.get('shown', 'v1', 365 * 24 * 3600_000, shown);
    await cache.get('hidden', 'v1', 1000, hidden);
    expect(shown).toHaveBeenCalledTimes(1);
    expect(hidden).toHaveBeenCalledTimes(2);
    await cache.get('shown', 'v2', 365 * 24 * 3600_000, shown);
    expect(shown).toHaveBeenCalledTimes(2);
  });
});
