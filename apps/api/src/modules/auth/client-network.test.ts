import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('196.188.12.7')).toBe('196.188.12.7');
    expect(clientNetwork('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(clientNetwork('::ffff:196.188.12.7')).toBe('196.188.12.7');
    expect(clientNetwork('::FFFF:c4bc:0c07')).toBe('196.188.12.7');
    expect(clientNetwork('0:0:0:0:0:ffff:196.188.12.7')).toBe('196.188.12.7');
  });

  it('counts every address of one IPv6 /64 as one client, in any spelling', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:a:b:c:d',
      '2001:DB8:1:2:0:0:0:7',
      '2001:db8:1:2::192.0.2.1',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:1:2::'),
    ].map(clientNetwork);
    expect(new Set(one)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('')).toBe('');
  });
});
