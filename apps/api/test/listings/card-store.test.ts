import { describe, expect, it } from 'vitest';
import { CardStore } from '../../src/modules/listings/card-store.ts';

const card = (i: number) => JSON.stringify({ _id: `id-${i}`, title: i % 3 === 0 ? `ባለ ${i} መኝታ ቤት በቦሌ` : `Apartment ${i} in Bole`, price_etb: 1000 + i, pad: 'x'.repeat(i % 700) });

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
});
