// Deterministic randomness for the demo network. Every generated value is a pure function of (seed, salt,
// index), so a record can be rebuilt on demand instead of being kept in memory, and the same seed always
// yields byte-identical data. Math.random is never used.

/** Murmur3's 32-bit finaliser: a cheap, well-mixed bijection on uint32. */
export function fmix32(input: number): number {
  let h = input >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Hash of a few uint32 parts; order matters. */
export function hash32(a: number, b: number, c = 0, d = 0): number {
  let h = fmix32(a ^ 0x811c9dc5)
  h = fmix32((h + Math.imul(b ^ 0x9e3779b9, 0x27d4eb2d)) >>> 0)
  h = fmix32((h + Math.imul(c ^ 0x85ebca77, 0x165667b1)) >>> 0)
  h = fmix32((h + Math.imul(d ^ 0xc2b2ae3d, 0x27d4eb2f)) >>> 0)
  return h
}

/** Salts keep the streams for different purposes independent of each other. */
export const SALT = {
  key: 1,
  time: 2,
  record: 3,
  txHash: 4,
  txMask: 5,
  user: 6,
  vault: 7,
  faults: 8,
  catalog: 9,
  motion: 10,
  legHash: 11
} as const

const HEX = '0123456789abcdef'

/** mulberry32: small, fast, good enough for synthetic data. */
export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  static of(a: number, b: number, c = 0, d = 0): Rng {
    return new Rng(hash32(a, b, c, d))
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }

  /** uniform in [0, 1) */
  float(): number {
    return this.next() / 4294967296
  }

  /** uniform integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.float() * n)
  }

  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1)
  }

  chance(p: number): boolean {
    return this.float() < p
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }

  /** lower-case hex digits, no prefix */
  hex(chars: number): string {
    let out = ''
    while (out.length < chars) {
      let v = this.next()
      for (let k = 0; k < 8 && out.length < chars; k++) {
        out += HEX[v & 15]
        v >>>= 4
      }
    }
    return out
  }

  /** uniform bigint in [0, bound) — bound up to ~2^64 is plenty here */
  bigBelow(bound: bigint): bigint {
    const wide = (BigInt(this.next()) << 32n) | BigInt(this.next())
    return wide % bound
  }
}

/** Weighted choice: weights need not sum to 1. */
export function pickWeighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  let total = 0
  for (const w of weights) total += w
  let r = rng.float() * total
  for (let k = 0; k < items.length; k++) {
    r -= weights[k] ?? 0
    if (r < 0) return items[k] as T
  }
  return items[items.length - 1] as T
}
