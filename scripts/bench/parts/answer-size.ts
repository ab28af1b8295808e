import http from 'node:http';
import type { BenchContext, PartOutput } from '../lib/context.ts';

const TARGET_BYTES = 3000;
/** What the web app's browse page asks first (browseApiQuery: visibility, limit 20). */
const PATH = '/api/listings?visibility=live&limit=20';

/** The body as it crosses the wire: bytes before any decoding, and the encoding the server chose. */
function wireBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string; status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding, accept: 'application/json' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity'), status: res.statusCode ?? 0 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Size of the first browse answer (20 listings of the demo market) over the wire. */
export async function answerSizePart(ctx: BenchContext): Promise<PartOutput> {
  const server = await ctx.demoServer();
  const url = `${server.url}${PATH}`;
  const plain = await wireBytes(url, 'identity');
  const gzip = await wireBytes(url, 'gzip');
  const browser = await wireBytes(url, 'gzip, deflate, br, zstd');
  const count = ((await (await fetch(url)).json()) as { listings: unknown[] }).listings.length;
  for (const r of [plain, gzip, browser]) if (r.status !== 200) throw new Error(`GET ${PATH} answered ${r.status}`);
  if (gzip.encoding !== 'gzip') throw new Error(`asked for gzip, the server answered ${gzip.encoding}`);
  ctx.log(`  ${count} listings: ${plain.bytes} bytes plain, ${gzip.bytes} bytes gzip, ${browser.bytes} bytes ${browser.encoding} (what a browser gets)`);
  return {
    rows: {
      'answer-size': {
        measured: `${gzip.bytes.toLocaleString('en-US')} bytes gzip (${browser.bytes.toLocaleString('en-US')} bytes ${browser.encoding}, as browsers ask), ${plain.bytes.toLocaleString('en-US')} bytes uncompressed`,
        met: count === 20 && gzip.bytes <= TARGET_BYTES,
      },
    },
    details: [
      `\`GET ${PATH}\` on the demo market (${count} listings in the answer), body bytes on the wire:`,
      '',
      '| asked with accept-encoding | server chose | bytes |',
      '|---|---|---|',
      `| identity | ${plain.encoding} | ${plain.bytes.toLocaleString('en-US')} |`,
      `| gzip | ${gzip.encoding} | ${gzip.bytes.toLocaleString('en-US')} |`,
      `| gzip, deflate, br, zstd (a browser) | ${browser.encoding} | ${browser.bytes.toLocaleString('en-US')} |`,
    ].join('\n'),
  };
}
