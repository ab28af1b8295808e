import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6');

/** Whether an address is loopback, link-local or in a private range (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /metrics is for the operator's scraper: a request with `Authorization: Bearer <METRICS_TOKEN>`,
 * or one made directly from a private address. 'Directly' is the connection's own address, never
 * X-Forwarded-For, and a request that a proxy forwarded (it carries X-Forwarded-For) counts as
 * public: behind nginx every connection comes from 127.0.0.1.
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const header = req.headers.authorization;
  if (token && header?.startsWith('Bearer ')) return sameSecret(header.slice('Bearer '.length), token);
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return isPrivateAddress(req.socket.remoteAddress ?? '');
}
