/**
 * A map from text keys to a small whole number (a line of the file), built for what an import must
 * remember per row of a district-size file — the keys it has seen, for duplicates and for
 * "archive the people missing from the file" — in as little memory as it can: each key's UTF-8 bytes
 * in one growing byte array, and an open-addressing table of three 32-bit numbers per slot (offset,
 * hash, value). About 30 bytes a key plus its length, where a JavaScript Map of strings costs three
 * to four times that. Keys up to 65,535 UTF-8 bytes.
 */
export class KeyIndex {
  private arena = new Uint8Array(64 * 1024);
  private used = 0;
  /** Per slot: the key's offset in the arena + 1 (0: empty), its hash and its value. */
  private offsets = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private values = new Int32Array(1024);
  private count = 0;
  private scratch = new Uint8Array(1024);
  private readonly encoder = new TextEncoder();

  get size(): number {
    return this.count;
  }

  /** The value stored for `key`, or undefined. */
  get(key: string): number | undefined {
    const length = this.encode(key);
    const slot = this.find(this.scratch, length, hashOf(this.scratch, length));
    return this.offsets[slot] === 0 ? undefined : this.values[slot];
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Stores `value` for `key` (replacing an earlier one). */
  set(key: string, value: number): void {
    const length = this.encode(key);
    const hash = hashOf(this.scratch, length);
    const slot = this.find(this.scratch, length, hash);
    if (this.offsets[slot] !== 0) {
      this.values[slot] = value;
      return;
    }
    if (length > 0xffff) throw new RangeError('KeyIndex keys are at most 65,535 bytes');
    this.reserve(length + 2);
    const at = this.used;
    this.arena[at] = length & 0xff;
    this.arena[at + 1] = length >>> 8;
    this.arena.set(this.scratch.subarray(0, length), at + 2);
    this.used += length + 2;
    this.offsets[slot] = at + 1;
    this.hashes[slot] = hash;
    this.values[slot] = value;
    this.count++;
    if (this.count * 2 > this.offsets.length) this.grow();
  }

  /** The key's UTF-8 bytes into the scratch buffer; returns their length. */
  private encode(key: string): number {
    if (key.length * 3 > this.scratch.length) this.scratch = new Uint8Array(key.length * 3);
    return this.encoder.encodeInto(key, this.scratch).written;
  }

  /** The slot holding these bytes, or the empty slot where they would go (linear probing). */
  private find(bytes: Uint8Array, length: number, hash: number): number {
    const mask = this.offsets.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const offset = this.offsets[slot]!;
      if (offset === 0) return slot;
      if (this.hashes[slot] === hash && this.equals(offset - 1, bytes, length)) return slot;
    }
  }

  private equals(at: number, bytes: Uint8Array, length: number): boolean {
    const arena = this.arena;
    if ((arena[at]! | (arena[at + 1]! << 8)) !== length) return false;
    for (let i = 0; i < length; i++) if (arena[at + 2 + i] !== bytes[i]) return false;
    return true;
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.arena.length) return;
    let size = this.arena.length * 2;
    while (this.used + bytes > size) size *= 2;
    const arena = new Uint8Array(size);
    arena.set(this.arena.subarray(0, this.used));
    this.arena = arena;
  }

  private grow(): void {
    const { offsets, hashes, values } = this;
    const size = offsets.length * 2;
    this.offsets = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.values = new Int32Array(size);
    const mask = size - 1;
    for (let i = 0; i < offsets.length; i++) {
      if (offsets[i] === 0) continue;
      let slot = hashes[i]! & mask;
      while (this.offsets[slot] !== 0) slot = (slot + 1) & mask;
      this.offsets[slot] = offsets[i]!;
      this.hashes[slot] = hashes[i]!;
      this.values[slot] = values[i]!;
    }
  }
}

/** FNV-1a over the bytes, its bits mixed (murmur3's finaliser) so the low ones pick slots well. */
function hashOf(bytes: Uint8Array, length: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}
