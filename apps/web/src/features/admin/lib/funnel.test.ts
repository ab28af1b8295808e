import { describe, expect, it } from 'vitest';
import { formatPercent, funnelSteps } from './funnel';

describe('conversation funnel', () => {
  it('shows the unlock conversion as a percentage with 1 decimal', () => {
    expect(formatPercent(42.857)).toBe('42.9%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(100)).toBe('100.0%');
  });

  it('narrows from chats started to owner replied to unlocked, with each step’s share of the one before', () => {
    const steps = funnelSteps({ started: 40, ownerReplied: 20, unlocked: 5 });
    expect(steps.map((s) => s.key)).toEqual(['started', 'ownerReplied', 'unlocked']);
    expect(steps.map((s) => s.share)).toEqual([1, 0.5, 0.125]);
    expect(steps.map((s) => s.fromPrevious)).toEqual([null, 50, 25]);
  });

  it('draws nothing wide and divides by nothing when no chat started', () => {
    const steps = funnelSteps({ started: 0, ownerReplied: 0, unlocked: 0 });
    expect(steps.map((s) => s.share)).toEqual([0, 0, 0]);
    expect(steps.map((s) => s.fromPrevious)).toEqual([null, null, null]);
  });
});
