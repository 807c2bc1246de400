// The transfer index. A million transfers must start in seconds and stay small, so no record is stored:
// each transfer's user, source chain and time are pure functions of (seed, index), and only compact
// indexes are kept — one Int32Array of transfer indexes grouped by (user, source chain), oldest first.
// Times grow with the index, so a group read backwards is newest first. Tx hashes embed their (masked)
// index, so a hash is found without a map: decode, rebuild, compare.
import type { Catalog } from './catalog'
import { hash32, pickWeighted, Rng, SALT } from './prng'

export interface DatasetOptions {
  seed: number
  transfers: number
  days: number
  /** epoch seconds the history ends at */
  anchorSec: number
  /**
   * share of all transfers sent by the busiest address, all from its favourite chain (default 0.111 with 90 %
   * loyalty): 0.9 of 1,112,000 gives one address ~1,000,000 transfers on Ethereum (bench table_1m_*)
   */
  heavyShare?: number
}

/** Heavy users: a share of all transfers, concentrated on one favourite chain, so paging matters. */
const HEAVY: { share: number; chain: string; loyalty: number }[] = [
  // With 1,000,000 transfers this address has ~100,000 on Ethereum.
  { share: 0.111, chain: 'eth', loyalty: 0.9 },
  { share: 0.03, chain: 'bsc', loyalty: 0.7 },
  { share: 0.02, chain: 'polygon', loyalty: 0.6 },
  { share: 0.015, chain: 'map', loyalty: 0.5 },
  { share: 0.01, chain: 'arbitrum', loyalty: 0.3 }
]

export class Dataset {
  readonly count: number
  readonly seed: number
  readonly startSec: number
  readonly spanSec: number
  readonly anchorSec: number
  readonly heavyCount = HEAVY.length
  readonly users: string[] = []
  private readonly userIndex = new Map<string, number>()
  private readonly chainCount: number
  /** offsets into groupItems for key = user * chainCount + chain; length keys + 1 */
  private readonly groupOffsets: Int32Array
  private readonly groupItems: Int32Array
  private readonly txMask: number
  private readonly chainWeights: number[]
  private readonly heavyChain: number[]
  private readonly heavy: { share: number; chain: string; loyalty: number }[]
  private readonly heavyShare: number
  /** group key → how many of its newest transfers are held back (not yet arrived) */
  private readonly held = new Map<number, number>()

  constructor(
    readonly catalog: Catalog,
    opts: DatasetOptions
  ) {
    this.count = opts.transfers
    this.seed = opts.seed >>> 0
    this.anchorSec = opts.anchorSec
    this.spanSec = Math.max(1, Math.round(opts.days * 86400))
    this.startSec = this.anchorSec - this.spanSec
    this.chainCount = catalog.chains.length
    this.chainWeights = catalog.chains.map((c) => c.weight)
    this.heavy = opts.heavyShare === undefined ? HEAVY : [{ share: opts.heavyShare, chain: 'eth', loyalty: 1 }, ...HEAVY.slice(1)]
    this.heavyShare = this.heavy.reduce((sum, h) => sum + h.share, 0)
    if (!(this.heavyShare < 1)) throw new RangeError('heavyShare: the busiest addresses together must send less than every transfer')
    this.heavyChain = this.heavy.map((h) => catalog.chains.findIndex((c) => c.chain === h.chain))
    this.txMask = hash32(this.seed, SALT.txMask)

    const ordinary = Math.min(40_000, Math.max(20, Math.round(this.count / 25)))
    const userCount = HEAVY.length + ordinary
    for (let u = 0; u < userCount; u++) {
      const address = '0x' + Rng.of(this.seed, SALT.user, u).hex(40)
      this.users.push(address)
      this.userIndex.set(address, u)
    }

    // Counting sort of all transfers by group key: two passes over pure functions, no per-record objects.
    const keys = new Int32Array(this.count)
    const groups = userCount * this.chainCount
    const offsets = new Int32Array(groups + 1)
    for (let i = 0; i < this.count; i++) {
      const key = this.keyOf(i)
      keys[i] = key
      offsets[key + 1]! += 1
    }
    for (let g = 0; g < groups; g++) offsets[g + 1]! += offsets[g]!
    const cursor = offsets.slice(0, groups)
    const items = new Int32Array(this.count)
    for (let i = 0; i < this.count; i++) {
      const key = keys[i]!
      items[cursor[key]!++] = i
    }
    this.groupOffsets = offsets
    this.groupItems = items
  }

  /** group key (user * chainCount + source chain index) of transfer i */
  keyOf(i: number): number {
    if (i === 0) return this.heavyChain[0]! // the named 10^22+1 transfer: heavy user 0 on Ethereum
    const rng = Rng.of(this.seed, SALT.key, i)
    const r = rng.float()
    let user = -1
    let acc = 0
    for (let h = 0; h < this.heavy.length; h++) {
      acc += this.heavy[h]!.share
      if (r < acc) {
        user = h
        break
      }
    }
    let chain: number
    if (user >= 0) {
      chain = rng.chance(this.heavy[user]!.loyalty) ? this.heavyChain[user]! : this.randomChain(rng)
    } else {
      const ordinary = this.users.length - HEAVY.length
      user =
        HEAVY.length + Math.min(ordinary - 1, Math.floor(((r - this.heavyShare) / (1 - this.heavyShare)) * ordinary))
      chain = this.randomChain(rng)
    }
    return user * this.chainCount + chain
  }

  private randomChain(rng: Rng): number {
    return pickWeighted(
      rng,
      this.chainWeights.map((_, k) => k),
      this.chainWeights
    )
  }

  userOf(i: number): number {
    return Math.floor(this.keyOf(i) / this.chainCount)
  }

  chainOf(i: number): number {
    return this.keyOf(i) % this.chainCount
  }

  /** epoch seconds of transfer i; non-decreasing in i, spread over the configured days */
  timeOf(i: number): number {
    const jitter = Rng.of(this.seed, SALT.time, i).float()
    return this.startSec + Math.floor(((i + jitter) * this.spanSec) / this.count)
  }

  txHash(i: number): string {
    const body = Rng.of(this.seed, SALT.txHash, i).hex(56)
    const tag = ((i ^ this.txMask) >>> 0).toString(16).padStart(8, '0')
    return '0x' + body.slice(0, 24) + tag + body.slice(24)
  }

  /**
   * The receive (`in`) or relayer (`relay`) transaction hash of transfer i: tagged with its index as the
   * source hash is, so a demo chain finds the transfer from any of its legs' hashes.
   */
  legHash(i: number, leg: 'in' | 'relay'): string {
    const body = Rng.of(this.seed, SALT.legHash, leg === 'in' ? 1 : 2, i).hex(56)
    const tag = ((i ^ this.txMask) >>> 0).toString(16).padStart(8, '0')
    return '0x' + body.slice(0, 24) + tag + body.slice(24)
  }

  /** index of the transfer whose receive or relayer hash this is, or -1 */
  indexOfLegHash(hash: string, leg: 'in' | 'relay'): number {
    const h = hash.toLowerCase()
    if (!/^0x[0-9a-f]{64}$/.test(h)) return -1
    const i = (parseInt(h.slice(26, 34), 16) ^ this.txMask) >>> 0
    return i < this.count && this.legHash(i, leg) === h ? i : -1
  }

  /** index of the transfer whose source tx hash this is, or -1 */
  indexOfHash(hash: string): number {
    const h = hash.toLowerCase()
    if (!/^0x[0-9a-f]{64}$/.test(h)) return -1
    const i = (parseInt(h.slice(26, 34), 16) ^ this.txMask) >>> 0
    return i < this.count && this.txHash(i) === h ? i : -1
  }

  userIndexOf(address: string): number {
    return this.userIndex.get(address.toLowerCase()) ?? -1
  }

  /** number of transfers sent by a user from a chain (those that have arrived) */
  groupSize(user: number, chainIndex: number): number {
    const key = user * this.chainCount + chainIndex
    return this.groupOffsets[key + 1]! - this.groupOffsets[key]! - (this.held.get(key) ?? 0)
  }

  /** Holds back the newest `count` transfers of a group: they arrive later, one per reveal(). */
  hold(user: number, chainIndex: number, count: number): void {
    const key = user * this.chainCount + chainIndex
    const size = this.groupOffsets[key + 1]! - this.groupOffsets[key]!
    this.held.set(key, Math.max(0, Math.min(count, size)))
  }

  /** The oldest transfer still held back in the group arrives; its index, or null when none is left. */
  reveal(user: number, chainIndex: number): number | null {
    const key = user * this.chainCount + chainIndex
    const hidden = this.held.get(key) ?? 0
    if (hidden === 0) return null
    this.held.set(key, hidden - 1)
    return this.groupItems[this.groupOffsets[key + 1]! - hidden]!
  }

  /** true while transfer i is held back (it has not arrived yet) */
  isHeld(i: number): boolean {
    if (i < 0 || i >= this.count) return false
    const key = this.keyOf(i)
    const hidden = this.held.get(key) ?? 0
    if (hidden === 0) return false
    const lo = this.groupOffsets[key]!
    const hi = this.groupOffsets[key + 1]!
    // group items ascend by index: binary search for i's place
    let a = lo
    let b = hi
    while (a < b) {
      const m = (a + b) >>> 1
      if (this.groupItems[m]! < i) a = m + 1
      else b = m
    }
    return a >= hi - hidden
  }

  /** transfer indexes of one page, newest first */
  page(
    user: number,
    chainIndex: number,
    pageNo: number,
    pageSize: number
  ): { total: number; items: number[] } {
    const key = user * this.chainCount + chainIndex
    const lo = this.groupOffsets[key]!
    const hi = this.groupOffsets[key + 1]! - (this.held.get(key) ?? 0)
    const total = hi - lo
    const items: number[] = []
    const skip = (pageNo - 1) * pageSize
    for (let k = 0; k < pageSize && skip + k < total; k++) items.push(this.groupItems[hi - 1 - skip - k]!)
    return { total, items }
  }
}
