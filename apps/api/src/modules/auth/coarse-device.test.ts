import { describe, expect, it } from 'vitest';
import { coarseDevice } from './coarse-device.ts';

describe('coarseDevice', () => {
  it('names the system and browser only', () => {
    expect(coarseDevice('Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')).toBe(
      'Android, Chrome',
    );
    expect(
      coarseDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'),
    ).toBe('iPhone/iPad, Safari');
    expect(coarseDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Windows, Firefox');
  });
  it('says unknown for anything else, and never echoes the string', () => {
    expect(coarseDevice(undefined)).toBe('Unknown device');
    expect(coarseDevice('lightMyRequest')).toBe('Unknown device');
  });
});
