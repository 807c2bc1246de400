// The demo network's TSS cross-chain API (MAP's api/tss-api.md), consistent with its transfers: each demo
// transfer is an order whose legs are the transfer's own transactions (the source hash, the relayer leg's
// hash when it has one, the received hash), with a relay leg on MAP Relay Chain for every order as MAP v2
// routes them. Transfers the query service shows in flight (state 0) are pending orders of their source
// chain; scan heights follow each chain's block time from the moment the simulator started; one chain's
// scanner stalls now and then and catches up again. A few orders of a Bitcoin-like chain (id
// 1360095883558914, hashes without 0x, as in MAP's pending example) are added so odd ids and hashes appear.
//
// Conventions (the document shows only successes; these are the simulator's choice):
// - envelope {code: 0, data, msg: "success"}, heights as strings, legs with JSON-number heights and times,
//   chain_and_gas_limit as a decimal string of the packed route (from | to | gas | gas limit, 64 bits each);
// - a missing or malformed parameter → HTTP 200 {code: 400, data: null, msg: "invalid parameter: <name>"};
// - an unknown order or hash → the empty record MAP's server sends (every leg null, status 0, "init");
// - an unknown chain → height "" and an empty pending list.
// Nothing is stored per transfer: orders are rebuilt from the transfer index; leg hashes other than the
// source hash are found through a map built on first use over the newest transfers only.
import type { SimChain } from './catalog'
import { MAP_CHAIN_ID } from './catalog'
import type { Dataset } from './dataset'
import { writeJson, type WireObject, type WireValue } from './json'
import { Rng } from './prng'
import { buildTransfer, type Transfer } from './transfer'

/** Salts of this module's random streams (beyond the dataset's). */
const SALT_TSS = 0x7555
/** The demo's Bitcoin-like chain (MAP's own pending example uses this id). */
export const EXTRA_CHAIN_ID = '1360095883558914'
/** Transfers newer than this are searchable by any leg's hash; older ones by their source hash only. */
const HASH_WINDOW = 50_000
/**
 * In-flight transfers younger than this at start are pending orders; older ones are sent and not yet confirmed.
 * So the first hour of a demo raises no stuck alert (the default threshold is 2 h) and later ones show how it
 * looks; the Bitcoin-like chain's 9-hour-old order, for those who follow it, is stuck from the start.
 */
const YOUNG_SEC = 3600

// Topics as MAP's example records carry them, by leg.
const TOPICS = {
  src: '0x2b44f5da40771b7770f8469714d202f01aa69c410bd79a5dd86f9562413c3fca',
  relay_signed: '0x0bbc5d146426ff8f68e7bcd94bd95e273fabd90609e118badb81428405e38107',
  dest: '0x8104943fdd0997a3240b59b381251572ac6ac81941e1af29845de70edca938a4',
  map_dest: '0x298a40641bd31f72c733761e0e85a6bd8a36909666ac2ed63a42c8015d025638'
} as const

export interface TssSimOptions {
  /** the chain whose scanner stalls now and then; default BNB Smart Chain (56); null: none stalls */
  stallChainId?: number | string | null
  /** a stall starts this long after the simulator does, default 2 min, and then every stallEveryMs */
  stallOffsetMs?: number
  /** default 30 min */
  stallEveryMs?: number
  /** how long each stall lasts, default 12 min */
  stallForMs?: number
}

interface ScanChain {
  chainId: string
  headHeight: number
  blockMs: number
}

interface Leg {
  chain: string
  hash: string
  height: number
  sec: number
  logIndex: number
  topic: string
}

interface SimOrder {
  orderId: string
  src: Leg
  relay: Leg | null
  relaySigned: Leg | null
  dest: Leg | null
  mapDest: Leg | null
  status: number
  route: { from: string; to: string }
  gasLimit: number
}

const STATUS_STR = ['init', 'pending', 'send', 'completed', 'failed']

function heightAt(chain: ScanChain, anchorSec: number, sec: number): number {
  return Math.max(1, chain.headHeight - Math.floor(((anchorSec - sec) * 1000) / chain.blockMs))
}

/** fromChain | toChain | reserved gas | gas limit, 64 bits each (MAP's _getChainAndGasLimit). */
export function packChainAndGasLimit(from: string, to: string, reserved: number, gasLimit: number): string {
  return ((BigInt(from) << 192n) | (BigInt(to) << 128n) | (BigInt(reserved) << 64n) | BigInt(gasLimit)).toString()
}

export class TssSim {
  private readonly chains = new Map<string, ScanChain>()
  private readonly map: ScanChain
  private readonly startMs: number
  private readonly stall: { chainId: string; offset: number; every: number; length: number } | null
  private legIndex: Map<string, number> | null = null
  private pendingByChain: Map<string, number[]> | null = null
  private readonly extras: SimOrder[]

  /**
   * `transferOf` is the query service's own telling of transfer i (SimCore.transfer: with the network's
   * motion, an arrival is sent when it arrived and in flight until it settles): the TSS API builds its orders
   * from the same, so one hash has one time and one set of legs in every view.
   */
  constructor(
    private readonly ds: Dataset,
    private readonly now: () => number,
    opts: TssSimOptions = {},
    private readonly transferOf: (i: number) => Transfer = (i) => buildTransfer(ds, i)
  ) {
    this.startMs = now()
    for (const c of ds.catalog.chains) this.chains.set(String(c.chainId), scanChain(c))
    this.map = this.chains.get(String(MAP_CHAIN_ID)) ?? { chainId: String(MAP_CHAIN_ID), headHeight: 14_200_000, blockMs: 5000 }
    this.chains.set(EXTRA_CHAIN_ID, { chainId: EXTRA_CHAIN_ID, headHeight: 880_000, blockMs: 600_000 })
    const stallId = opts.stallChainId === undefined ? '56' : opts.stallChainId === null ? null : String(opts.stallChainId)
    this.stall =
      stallId === null
        ? null
        : { chainId: stallId, offset: opts.stallOffsetMs ?? 120_000, every: Math.max(1000, opts.stallEveryMs ?? 1_800_000), length: opts.stallForMs ?? 720_000 }
    this.extras = this.buildExtras()
  }

  /** The chain ids the simulated API scans, the Bitcoin-like one included. */
  chainIds(): string[] {
    return [...this.chains.keys()]
  }

  /** GET /cross/…: the response text (always HTTP 200, as MAP's documented answers are). */
  answer(path: string, query: URLSearchParams): string {
    switch (path) {
      case '/cross/chain/height': {
        const chainId = chainParam(query)
        if (chainId === null) return failure('chainId')
        return ok({ height: this.heightText(chainId) })
      }
      case '/cross/chain/height/orders': {
        const chainId = chainParam(query)
        if (chainId === null) return failure('chainId')
        const height = query.get('height') ?? ''
        if (!/^\d{1,15}$/.test(height)) return failure('height')
        return ok({ height: this.heightText(chainId), set: this.ordersAt(chainId, Number(height)) })
      }
      case '/cross/order': {
        const id = (query.get('orderId') ?? '').trim().toLowerCase()
        if (id === '') return failure('orderId')
        return ok({ data: this.record(this.findOrder(id)) })
      }
      case '/cross/tx': {
        const tx = (query.get('tx') ?? '').trim()
        if (tx === '') return failure('tx')
        return ok({ data: this.record(this.findByTx(tx)) })
      }
      case '/cross/pending/tx': {
        const chainId = chainParam(query)
        if (chainId === null) return failure('chainId')
        return ok({ txs: this.pending(chainId) })
      }
      default:
        return writeJson({ code: 404, data: null, msg: 'not found' })
    }
  }

  /** The scanner's height now: the chain's head minus a couple of blocks, frozen while it stalls. */
  scanHeight(chainId: string, atMs = this.now()): number | null {
    const chain = this.chains.get(chainId)
    if (!chain) return null
    let at = atMs
    const s = this.stall
    if (s && s.chainId === chainId) {
      const phase = atMs - this.startMs - s.offset
      if (phase >= 0) {
        const start = phase - (phase % s.every)
        if (phase - start < s.length) at = this.startMs + s.offset + start
      }
    }
    const blocks = Math.floor((at - this.ds.anchorSec * 1000) / chain.blockMs)
    return Math.max(1, chain.headHeight + blocks - 2)
  }

  /** Whether the stalling chain is in a stall at `atMs` (tests and the demo's own checks). */
  stalled(atMs = this.now()): boolean {
    const s = this.stall
    if (!s) return false
    const phase = atMs - this.startMs - s.offset
    return phase >= 0 && phase % s.every < s.length
  }

  private heightText(chainId: string): string {
    const h = this.scanHeight(chainId)
    return h === null ? '' : String(h)
  }

  // ---- orders ----------------------------------------------------------------------------------------

  /**
   * Order of transfer i (i ≥ 0) or of extra order -(k + 1). A transfer still held back has not happened yet
   * as far as the query service knows (it lists it only once it arrives), so the TSS API knows no order of it
   * either: one network, one story.
   */
  private order(key: number): SimOrder | null {
    if (key < 0) return this.extras[-key - 1] ?? null
    if (key >= this.ds.count || this.ds.isHeld(key)) return null
    return this.fromTransfer(this.transferOf(key))
  }

  private fromTransfer(t: Transfer): SimOrder {
    const rng = Rng.of(this.ds.seed, SALT_TSS, t.index)
    const from = String(t.fromChain.chainId)
    const to = String(t.toChain.chainId)
    const toScan = this.chains.get(to) as ScanChain
    const anchor = this.ds.anchorSec
    const src: Leg = { chain: from, hash: t.hash, height: t.height, sec: t.timeSec, logIndex: rng.range(0, 300), topic: TOPICS.src }
    const relaySec = t.timeSec + rng.range(20, 120)
    const mapLeg = (hash: string, sec: number, topic: string): Leg => ({
      chain: this.map.chainId,
      hash,
      height: heightAt(this.map, anchor, sec),
      sec,
      logIndex: rng.range(0, 40),
      topic
    })
    // An order that starts on MAP is relayed by its own transaction (MAP's example: src and relay are one).
    const relay = from === this.map.chainId ? src : mapLeg(t.relayer?.hash ?? derivedHash(this.ds.seed, t.index, 1), relaySec, TOPICS.src)
    const signedSec = relaySec + rng.range(5, 30)
    const relaySigned = mapLeg(derivedHash(this.ds.seed, t.index, 2), signedSec, TOPICS.relay_signed)
    // Bridge state → TSS status: 1 delivered → Completed; 0 in flight → Pending (older ones are sent, not
    // yet confirmed); 2 → Send; 3 → Failed.
    let status: number
    if (t.state === 1) status = 3
    else if (t.state === 0) status = this.isPendingTransfer(t) ? 1 : 2
    else status = t.state === 2 ? 2 : 4
    let dest: Leg | null = null
    let mapDest: Leg | null = null
    if (status !== 1) {
      const destSec = t.state === 1 ? t.updatedSec : Math.min(anchor, signedSec + rng.range(30, 300))
      dest = {
        chain: to,
        hash: t.transferinHash || derivedHash(this.ds.seed, t.index, 3),
        height: t.transferinHeight || heightAt(toScan, anchor, destSec),
        sec: destSec,
        logIndex: rng.range(0, 300),
        topic: TOPICS.dest
      }
      if (status === 3) mapDest = mapLeg(derivedHash(this.ds.seed, t.index, 4), destSec + rng.range(20, 60), TOPICS.map_dest)
    }
    return {
      orderId: t.orderId,
      src,
      relay,
      relaySigned: status === 1 ? null : relaySigned,
      dest,
      mapDest,
      status,
      route: { from, to },
      gasLimit: 1_000_000
    }
  }

  /** In flight and young at start. */
  private isPendingTransfer(t: Transfer): boolean {
    return t.state === 0 && this.ds.anchorSec - t.timeSec < YOUNG_SEC
  }

  private buildExtras(): SimOrder[] {
    const ages = [300, 2400, 7200, 9 * 3600, 86_400, 3 * 86_400]
    const anchor = this.ds.anchorSec
    const btc = this.chains.get(EXTRA_CHAIN_ID) as ScanChain
    const eth = this.chains.get('1') ?? this.map
    return ages.map((age, k) => {
      const rng = Rng.of(this.ds.seed, SALT_TSS + 1, k)
      const sec = anchor - age
      const pending = k === 0 || k === 1 || k === 3
      const src: Leg = { chain: EXTRA_CHAIN_ID, hash: rng.hex(64), height: heightAt(btc, anchor, sec), sec, logIndex: 0, topic: '' }
      const relaySec = sec + rng.range(60, 600)
      const relay: Leg = { chain: this.map.chainId, hash: '0x' + rng.hex(64), height: heightAt(this.map, anchor, relaySec), sec: relaySec, logIndex: rng.range(0, 40), topic: TOPICS.src }
      const destSec = relaySec + rng.range(60, 300)
      const dest: Leg | null = pending ? null : { chain: eth.chainId, hash: '0x' + rng.hex(64), height: heightAt(eth, anchor, destSec), sec: destSec, logIndex: rng.range(0, 300), topic: TOPICS.dest }
      const mapDest: Leg | null = pending ? null : { ...relay, hash: '0x' + rng.hex(64), sec: destSec + 40, height: heightAt(this.map, anchor, destSec + 40), topic: TOPICS.map_dest }
      return {
        orderId: '0x' + rng.hex(64),
        src,
        relay,
        relaySigned: null,
        dest,
        mapDest,
        status: pending ? 1 : 3,
        route: { from: EXTRA_CHAIN_ID, to: eth.chainId },
        gasLimit: 300_000
      }
    })
  }

  /** An order's record as MAP's server writes it; legs not made yet (or not yet by the clock) are null. */
  private record(order: SimOrder | null): WireObject {
    const nowSec = Math.floor(this.now() / 1000)
    if (!order) {
      return { src: null, relay: null, relay_signed: null, dest: null, map_dest: null, now: nowSec, status: 0, status_str: 'init', order_id: '' }
    }
    const cgl = packChainAndGasLimit(order.route.from, order.route.to, 0, order.gasLimit)
    const leg = (l: Leg | null): WireValue =>
      l === null || l.sec > nowSec
        ? null
        : {
            tx_hash: l.hash,
            topic: l.topic,
            height: l.height,
            order_id: order.orderId,
            log_index: l.logIndex,
            chain: l.chain,
            chain_and_gas_limit: cgl,
            timestamp: l.sec,
            is_memoized: false
          }
    const relay = leg(order.relay)
    // A pending order whose relay leg is not due yet is still Init.
    const status = order.status === 1 && relay === null ? 0 : order.status
    return {
      src: leg(order.src),
      relay,
      relay_signed: leg(order.relaySigned),
      dest: leg(order.dest),
      map_dest: leg(order.mapDest),
      now: nowSec,
      status,
      status_str: STATUS_STR[status] ?? '',
      order_id: ''
    }
  }

  /** By order id only: a leg's hash asked as an order id is unknown, as on MAP's server. */
  private findOrder(orderId: string): SimOrder | null {
    const extra = this.extras.find((o) => o.orderId === orderId)
    if (extra) return extra
    const key = this.legs().get(orderId)
    const order = key === undefined ? null : this.order(key)
    return order && order.orderId.toLowerCase() === orderId ? order : null
  }

  private findByTx(tx: string): SimOrder | null {
    const i = this.ds.indexOfHash(tx)
    if (i >= 0) return this.order(i)
    const key = this.legs().get(tx.startsWith('0x') || tx.startsWith('0X') ? tx.toLowerCase() : tx)
    return key === undefined ? null : this.order(key)
  }

  /** Every leg hash and order id of the newest transfers and the extra orders → the order's key. */
  private legs(): Map<string, number> {
    if (this.legIndex) return this.legIndex
    const index = new Map<string, number>()
    const put = (o: SimOrder, key: number): void => {
      index.set(o.orderId, key)
      for (const l of [o.src, o.relay, o.relaySigned, o.dest, o.mapDest]) if (l) index.set(l.hash, key)
    }
    for (let i = Math.max(0, this.ds.count - HASH_WINDOW); i < this.ds.count; i++) put(this.fromTransfer(buildTransfer(this.ds, i)), i)
    this.extras.forEach((o, k) => put(o, -k - 1))
    this.legIndex = index
    return index
  }

  /** Source hashes of the chain's pending orders, oldest first. */
  private pending(chainId: string): string[] {
    if (!this.pendingByChain) {
      const byChain = new Map<string, number[]>()
      const add = (chain: string, key: number): void => {
        const list = byChain.get(chain) ?? []
        list.push(key)
        byChain.set(chain, list)
      }
      this.extras.forEach((o, k) => {
        if (o.status === 1) add(o.src.chain, -k - 1)
      })
      // the newest transfers only: bounded work on first use, whatever the dataset's size
      // (and those held back: they arrive in flight while the network runs)
      for (let i = Math.max(0, this.ds.count - HASH_WINDOW); i < this.ds.count; i++) {
        const t = buildTransfer(this.ds, i)
        if (this.isPendingTransfer(t) || this.ds.isHeld(i)) add(String(t.fromChain.chainId), i)
      }
      this.pendingByChain = byChain
    }
    const nowSec = Math.floor(this.now() / 1000)
    // each order as it is now: an arrival that settled is no longer pending
    return (this.pendingByChain.get(chainId) ?? [])
      .map((key) => this.order(key))
      .filter((o): o is SimOrder => o !== null && o.status === 1 && o.src.sec <= nowSec)
      .map((o) => o.src.hash)
  }

  /** The first transfer index at or after `sec` (times grow with the index). */
  private firstIndexAt(sec: number): number {
    let lo = 0
    let hi = this.ds.count
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.ds.timeOf(mid) < sec) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /**
   * Order ids with a leg on the chain in the 100-block bucket holding `height` (MAP's server files them so),
   * each once, oldest first. Looks at transfers from 15 minutes before the bucket's time (legs follow the
   * source within that) to its end, at most 5,000 of them.
   */
  private ordersAt(chainId: string, height: number): string[] {
    const chain = this.chains.get(chainId)
    if (!chain) return []
    const lo = height - (height % 100)
    const hi = lo + 99
    const anchor = this.ds.anchorSec
    const secOf = (h: number): number => anchor - ((chain.headHeight - h) * chain.blockMs) / 1000
    const out: string[] = []
    const seen = new Set<string>()
    const take = (o: SimOrder): void => {
      for (const l of [o.src, o.relay, o.relaySigned, o.dest, o.mapDest]) {
        if (l && l.chain === chainId && l.height >= lo && l.height <= hi && !seen.has(o.orderId)) {
          seen.add(o.orderId)
          out.push(o.orderId)
        }
      }
    }
    const first = this.firstIndexAt(Math.floor(secOf(lo)) - 900)
    const end = Math.min(this.ds.count, first + 5000)
    for (let i = first; i < end && this.ds.timeOf(i) <= secOf(hi) + 1; i++) {
      const order = this.order(i)
      if (order) take(order)
    }
    for (const o of this.extras) take(o)
    return out
  }
}

function scanChain(c: SimChain): ScanChain {
  return { chainId: String(c.chainId), headHeight: c.headHeight, blockMs: c.blockMs }
}

/** A leg hash of transfer i (k names the leg), with 0x as EVM hashes have. */
function derivedHash(seed: number, i: number, k: number): string {
  return '0x' + Rng.of(seed, SALT_TSS + 2 + k, i).hex(64)
}

function chainParam(query: URLSearchParams): string | null {
  const v = (query.get('chainId') ?? '').trim()
  return /^\d{1,20}$/.test(v) ? v : null
}

function ok(data: WireValue): string {
  return writeJson({ code: 0, data, msg: 'success' })
}

function failure(param: string): string {
  return writeJson({ code: 400, data: null, msg: `invalid parameter: ${param}` })
}
