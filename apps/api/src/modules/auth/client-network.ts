import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (with '::' and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, lastColon + 1) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right].map((g) => parseInt(g, 16));
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}

/**
 * Who a per-client limit counts: an IPv4 address as it is; an IPv4 address written as IPv6
 * (::ffff:a.b.c.d) as that IPv4 address; any other IPv6 address by its /64, the block one
 * subscriber line or host gets and can rotate through at will.
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().split('%')[0]!;
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version !== 6) return address;
  const g = ipv6Groups(bare);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
