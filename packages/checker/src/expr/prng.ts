/**
 * A small seeded pseudo-random generator (mulberry32): the checker never uses Math.random, so the
 * same input always gets the same sample points and the same verdict.
 */
export class Prng {
  private state: number;

  /** Starts the sequence from `seed` (any integer; strings via {@link hashSeed}). */
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** A BigInt in [0, m) for m > 0 (uniform enough for sampling). */
  bigBelow(m: bigint): bigint {
    let r = 0n;
    for (let i = 0; i < 4; i++) r = (r << 32n) | BigInt(Math.floor(this.next() * 4294967296));
    return r % m;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

/** A 32-bit FNV-1a hash of a string: a stable seed from text (a function name, a request). */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
