/**
 * The browse index's texts (./browse-index.ts): its cards, and the place text of each listing that
 * place search looks in, each kept in UTF-8 inside a few large buffers, outside the JavaScript
 * heap, and named by a small number (a slot). The cards as strings were a large part of the heap
 * (docs/performance.md, 'Figures behind choices in the code') that every major garbage collection walked and moved, on the server's one core,
 * while calls waited (docs/performance.md): bytes in a buffer are neither walked nor moved. A card
 * is read back as a string when a page is written (20 at most); place texts are searched where
 * they lie (`findAll`).
 *
 * The space of a card taken out is counted, and once the dead bytes outweigh the live ones (and are
 * more than a chunk), the live cards are written anew into fresh buffers, their slots unchanged.
 */
const CHUNK_BYTES = 4 * 1024 * 1024;

export class CardStore {
  private chunks: Buffer[] = [];
  /** Bytes used of the last chunk. */
  private fill = 0;
  /** Per slot: its chunk, where its bytes start, how many (0: the slot is free). */
  private chunkOf = new Uint32Array(1024);
  private startOf = new Uint32Array(1024);
  private lengthOf = new Uint32Array(1024);
  private slots = 0;
  private readonly freeSlots: number[] = [];
  private liveBytes = 0;
  private deadBytes = 0;
  /** Per chunk, its texts' starts in order and their slots (for findAll); made again after a change. */
  private starts: Array<{ at: Uint32Array; slot: Uint32Array }> | null = null;

  /** Cards held. */
  get size(): number {
    return this.slots - this.freeSlots.length;
  }

  /** Bytes of the buffers (live, dead and not yet used). */
  get bufferBytes(): number {
    return this.chunks.reduce((n, chunk) => n + chunk.length, 0);
  }

  /** Keeps a card's JSON; answers its slot. */
  add(json: string): number {
    const bytes = Buffer.byteLength(json, 'utf8');
    if (bytes === 0) throw new RangeError('an empty text is not kept');
    this.starts = null;
    const slot = this.freeSlots.pop() ?? this.newSlot();
    this.place(slot, bytes, (chunk, at) => chunk.write(json, at, bytes, 'utf8'));
    this.liveBytes += bytes;
    return slot;
  }

  /** The card's JSON as it was added. */
  text(slot: number): string {
    const length = this.lengthOf[slot]!;
    if (slot >= this.slots || length === 0) throw new RangeError(`card slot ${slot} holds no card`);
    const start = this.startOf[slot]!;
    return this.chunks[this.chunkOf[slot]!]!.toString('utf8', start, start + length);
  }

  /**
   * Calls `found` with the slot of every text that holds `needle` (UTF-8 bytes; a match of valid
   * UTF-8 within valid UTF-8 is a match of the strings): each buffer is searched at once, natively,
   * and each match is traced to the text it lies in (a match across two texts is none).
   */
  findAll(needle: Buffer, found: (slot: number) => void): void {
    if (needle.length === 0) throw new RangeError('findAll needs something to find');
    const starts = (this.starts ??= this.startsByChunk());
    this.chunks.forEach((chunk, c) => {
      const { at, slot } = starts[c]!;
      const end = c === this.chunks.length - 1 ? this.fill : chunk.length;
      let from = 0;
      for (;;) {
        const hit = chunk.indexOf(needle, from);
        if (hit === -1 || hit + needle.length > end) return;
        // The last text starting at or before the match.
        let lo = 0;
        let hi = at.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (at[mid]! <= hit) lo = mid + 1;
          else hi = mid;
        }
        const i = lo - 1;
        if (i >= 0) {
          const s = slot[i]!;
          const textEnd = at[i]! + this.lengthOf[s]!;
          if (hit + needle.length <= textEnd) {
            found(s);
            // One call per text: go on after it.
            from = textEnd;
            continue;
          }
        }
        from = hit + 1;
      }
    });
  }

  private startsByChunk(): Array<{ at: Uint32Array; slot: Uint32Array }> {
    const count = new Uint32Array(this.chunks.length);
    for (let s = 0; s < this.slots; s += 1) if (this.lengthOf[s]! > 0) count[this.chunkOf[s]!]! += 1;
    const byChunk = [...count].map((n) => ({ at: new Uint32Array(n), slot: new Uint32Array(n), n: 0 }));
    for (let s = 0; s < this.slots; s += 1) {
      if (this.lengthOf[s]! === 0) continue;
      const entry = byChunk[this.chunkOf[s]!]!;
      entry.at[entry.n] = this.startOf[s]!;
      entry.slot[entry.n] = s;
      entry.n += 1;
    }
    return byChunk.map(({ at, slot }) => {
      const order = [...at.keys()].sort((a, b) => at[a]! - at[b]!);
      return { at: Uint32Array.from(order, (i) => at[i]!), slot: Uint32Array.from(order, (i) => slot[i]!) };
    });
  }

  /** Frees a slot (its card is no longer shown); the space is taken back by the next repacking. */
  remove(slot: number): void {
    const length = this.lengthOf[slot]!;
    if (slot >= this.slots || length === 0) return;
    this.starts = null;
    this.lengthOf[slot] = 0;
    this.freeSlots.push(slot);
    this.liveBytes -= length;
    this.deadBytes += length;
    if (this.deadBytes > CHUNK_BYTES && this.deadBytes > this.liveBytes) this.repack();
  }

  private newSlot(): number {
    if (this.slots === this.lengthOf.length) {
      const grow = (from: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> => {
        const to = new Uint32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.chunkOf = grow(this.chunkOf);
      this.startOf = grow(this.startOf);
      this.lengthOf = grow(this.lengthOf);
    }
    return this.slots++;
  }

  /** Writes a card's bytes at the end of the last chunk (a new chunk when it does not fit). */
  private place(slot: number, bytes: number, write: (chunk: Buffer, at: number) => void): void {
    let chunk = this.chunks[this.chunks.length - 1];
    if (!chunk || this.fill + bytes > chunk.length) {
      chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, bytes));
      this.chunks.push(chunk);
      this.fill = 0;
    }
    write(chunk, this.fill);
    this.chunkOf[slot] = this.chunks.length - 1;
    this.startOf[slot] = this.fill;
    this.lengthOf[slot] = bytes;
    this.fill += bytes;
  }

  /** Every live card written anew into fresh chunks, in slot order; the old chunks are let go. */
  private repack(): void {
    this.starts = null;
    const old = this.chunks;
    this.chunks = [];
    this.fill = 0;
    for (let slot = 0; slot < this.slots; slot += 1) {
      const length = this.lengthOf[slot]!;
      if (length === 0) continue;
      const start = this.startOf[slot]!;
      const from = old[this.chunkOf[slot]!]!;
      this.place(slot, length, (chunk, at) => from.copy(chunk, at, start, start + length));
    }
    this.deadBytes = 0;
  }
}
