import { describe, expect, it } from 'vitest';
import { niceMax, peakIndex, total } from './chart-scale';

describe('chart scale', () => {
  it('rounds the top of the axis up to a readable number', () => {
    expect(niceMax([0, 0, 0])).toBe(1);
    expect(niceMax([3, 7, 2])).toBe(10);
    expect(niceMax([11])).toBe(20);
    expect(niceMax([21])).toBe(25);
    expect(niceMax([26])).toBe(50);
    expect(niceMax([120])).toBe(200);
    expect(niceMax([1000])).toBe(1000);
  });

  it('finds the peak day (the first on a tie) and none when every day is 0', () => {
    expect(peakIndex([1, 5, 5, 2])).toBe(1);
    expect(peakIndex([0, 0])).toBeNull();
    expect(total([1, 5, 5, 2])).toBe(13);
  });
});
