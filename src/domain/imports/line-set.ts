/**
 * A set of line numbers, one bit each: which rows of a file the validating pass found to change
 * something, so the writing pass looks up and writes those alone (400,000 lines: 50 KB).
 */
export class LineSet {
  private bits = new Uint8Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(line: number): void {
    const byte = line >>> 3;
    if (byte >= this.bits.length) {
      const bits = new Uint8Array(Math.max(this.bits.length * 2, byte + 1));
      bits.set(this.bits);
      this.bits = bits;
    }
    const mask = 1 << (line & 7);
    if ((this.bits[byte]! & mask) === 0) this.count++;
    this.bits[byte]! |= mask;
  }

  has(line: number): boolean {
    const byte = line >>> 3;
    return byte < this.bits.length && (this.bits[byte]! & (1 << (line & 7))) !== 0;
  }
}
