import { describe, expect, it } from 'vitest';
import { formatEtb } from './price';

describe('formatEtb', () => {
  it('writes birr with thousands separators, ETB in English', () => {
    expect(formatEtb(15000, 'en')).toBe('15,000 ETB');
    expect(formatEtb(1250000, 'en-US')).toBe('1,250,000 ETB');
    expect(formatEtb(950, 'en')).toBe('950 ETB');
  });

  it('says ብር in Amharic', () => {
    expect(formatEtb(15000, 'am')).toBe('15,000 ብር');
  });

  it('shows whole birr', () => {
    expect(formatEtb(12499.6, 'en')).toBe('12,500 ETB');
  });
});
