import { describe, expect, it } from 'vitest';
import { CardStore } from '../../src/modules/listings/card-store.ts';

const card = (i: number) =>
  JSON.stringify({ _id: `id-${i}`, title: i % 3 === 0 ? `ባለ ${i} መኝታ ቤት በቦሌ` : `Apartment ${i} in Bole`, price_etb: 1000 + i, pad: 'x'.repeat(i % 700) });

describe('the card store', () => {
  it('gives back every card as it was written, Amharic included, across many chunks', () => {
    const store = new CardStore();
    const slots = Array.from({ length: 20_000 }, (_, i) => store.add(card(i)));
    expect(store.size).toBe(20_000);
    expect(store.bufferBytes).toBeGreaterThan(4 * 1024 * 1024);
    for (const i of [0, 1, 3, 4_999, 12_345, 19_999]) expect(store.text(slots[i]!)).toBe(card(i));
  });

  it('reuses the slots of removed cards and refuses to read a freed one', () => {
    const store = new CardStore();
    const a = store.add(card(1));
    const b = store.add(card(2));
    store.remove(a);
    expect(() => store.text(a)).toThrow(RangeError);
    const c = store.add(card(3));
    expect(c).toBe(a);
    expect(store.text(c)).toBe(card(3));
    expect(store.text(b)).toBe(card(2));
    store.remove(a);
    store.remove(a); // twice: nothing more happens
    expect(store.size).toBe(1);
  });

  it('takes back the space of removed cards once they outweigh the live ones, keeping the live ones readable', () => {
    const store = new CardStore();
    const slots = Array.from({ length: 30_000 }, (_, i) => store.add(card(i)));
    const before = store.bufferBytes;
    // Every listing edited three times over (each edit: the old card out, the new one in).
    for (let round = 1; round <= 3; round += 1) {
      for (let i = 0; i < slots.length; i += 1) {
        store.remove(slots[i]!);
        slots[i] = store.add(card(i + round * 100_000));
      }
    }
    expect(store.size).toBe(30_000);
    expect(store.bufferBytes).toBeLessThanOrEqual(2 * before);
    for (const i of [0, 7, 15_000, 29_999]) expect(store.text(slots[i]!)).toBe(card(i + 300_000));
  });

  it('finds every text holding a term, in either script, across chunks, and never a match that spans two texts', () => {
    const store = new CardStore();
    const place = (i: number) => (i % 2 === 0 ? `bole ${i} ቦሌ` : `megenagna ${i} መገናኛ`) + ' x'.repeat(i % 900);
    const slots = Array.from({ length: 12_000 }, (_, i) => store.add(place(i)));
    expect(store.bufferBytes).toBeGreaterThan(4 * 1024 * 1024);
    const found = (term: string) => {
      const hits: number[] = [];
      store.findAll(Buffer.from(term, 'utf8'), (slot) => hits.push(slot));
      return hits.sort((a, b) => a - b);
    };
    const expected = (test: (text: string) => boolean) => slots.filter((_, i) => test(place(i))).sort((a, b) => a - b);
    expect(found('ቦሌ')).toEqual(expected((t) => t.includes('ቦሌ')));
    expect(found('megenagna 11')).toEqual(expected((t) => t.includes('megenagna 11')));
    // 'ቦሌx': the end of one text and the start of the next is not a match.
    const a = store.add('ends with ቦሌ');
    store.add('x starts here');
    expect(found('ቦሌx')).toEqual([]);
    expect(found('with ቦሌ')).toEqual([a]);
    // After removals the texts taken out are no longer found.
    for (const slot of slots.filter((_, i) => i % 2 === 0)) store.remove(slot);
    expect(found('bole ')).toEqual([]);
    expect(found('መገናኛ').length).toBe(6_000);
  });
});
