import { describe, expect, it } from 'vitest';
import { formatEtb, groupThousands } from './format-money';

const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

describe('groupThousands', () => {
  it('writes what Intl.NumberFormat en-US with at most 2 decimals writes', () => {
    const values = [
      0,
      1,
      9,
      10,
      999,
      1000,
      1250,
      15000,
      99999,
      100000,
      250000,
      1234567,
      1000000000,
      12345678,
      -123456789012,
      Number.MAX_SAFE_INTEGER,
      0.5,
      0.1 + 0.2,
      12.345,
      1.005,
      99.999,
      1500.5,
      2.1,
      -1,
      -1250,
      -0.001,
      45000.75,
    ];
    for (const v of values) expect(groupThousands(v), String(v)).toBe(intl.format(v));
  });

  it('puts the currency after the number in both languages', () => {
    expect(formatEtb(15000, 'en')).toBe('15,000 ETB');
    expect(formatEtb(15000, 'am')).toBe('15,000 ብር');
  });
});
