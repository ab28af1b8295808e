import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GZIP_LEVEL } from '../../src/lib/text-compression.ts';
import { gzipWindowBits, prepareJson, sendPrepared } from '../../src/modules/listings/prepared-answer.ts';

/** A browse-like answer of about `bytes` bytes: cards that differ as real ones do. */
function answerOf(bytes: number): string {
  const cards: string[] = [];
  for (let i = 0; cards.join(',').length < bytes; i += 1) {
    cards.push(
      JSON.stringify({
        _id: `${(i * 2654435761).toString(16).padStart(8, '0')}-4c36-853a-8e9c76f${i}`,
        title: `${1 + (i % 4)} bedroom home near ${['Edna Mall', 'Megenagna', 'Piassa', 'CMC'][i % 4]} ${i * 37}`,
        price_etb: 9000 + ((i * 7919) % 90000),
      }),
    );
  }
  return `{"ok":true,"listings":[${cards.join(',')}],"next_cursor":null}`;
}

/** The gzip bytes sendPrepared sends a client that asks for gzip. */
function sentGzip(json: string): Buffer {
  const answer = prepareJson(json);
  let sent: Buffer | undefined;
  const reply = {
    header: () => reply,
    type: () => reply,
    code: () => reply,
    send: (body: Buffer) => {
      sent = body;
      return reply;
    },
  };
  sendPrepared({ headers: { 'accept-encoding': 'gzip' } } as never, reply as never, answer, { revalidate: false });
  return sent!;
}

describe('prepared answers sent with gzip', () => {
  it('are the same bytes as gzip with the full window, for answers of every size, and read back whole', () => {
    for (const bytes of [1_100, 4_000, 7_800, 16_000, 33_000, 90_000]) {
      const json = answerOf(bytes);
      const sent = sentGzip(json);
      expect(zlib.gunzipSync(sent).toString('utf8')).toBe(json);
      expect(sent.equals(zlib.gzipSync(Buffer.from(json), { level: GZIP_LEVEL }))).toBe(true);
    }
  });

  it('set up a window no larger than the answer needs', () => {
    expect(gzipWindowBits(1_100)).toBe(11);
    expect(gzipWindowBits(7_800)).toBe(13);
    expect(gzipWindowBits(8_000)).toBe(14);
    expect(gzipWindowBits(200_000)).toBe(15);
  });
});
