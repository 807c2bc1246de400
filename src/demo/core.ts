// The service's answers, independent of HTTP: operation + request text → status and response text.
//
// Error conventions (the spec shows none, these are the sim's choice):
// - malformed JSON body, or a missing/invalid field → HTTP 200, {code: 400, message: "invalid parameter: <field>", data: null}
//   (<field> is "body" when the body is not a JSON object)
// - unknown tx hash (well-formed) → HTTP 200, {code: 404, message: "transaction not found", data: null}
// - unknown chain id or address in queryHistory → code 200, empty list, total 0
// - queryHistory: address must be 0x + 40 hex (matched case-insensitively), chainId/pageNo/pageSize JSON
//   integers > 0 (a numeric string is rejected, not coerced).
// - queryHistory matches transfers whose `from` is the address and whose source chain (fromChainid) is
//   chainId, newest first; pageSize above 1000 is capped at 1000 silently; a page past the end is empty.
// - Amounts follow MAP's own front-end, not our first reading: `amount` in the source token's smallest units,
//   history's `inAmount` (and the detail's `receiving`) in the DESTINATION token's (butter-swap-ui's Home.vue
//   divides inAmount by the decimals of the same-symbol token on toChainid). Token decimals differ per chain
//   as deployed (USDT/USDC: 6 on Ethereum, 18 on BNB Smart Chain; catalog-data.ts), so the demo data has
//   6 → 18 and 18 → 6 routes.
// - JSON-RPC: parse error -32700, invalid request -32600, unknown method -32601, bad params -32602,
//   unknown epoch -32000 "epoch not found"; always HTTP 200.
import { Catalog } from './catalog'
import { Dataset } from './dataset'
import { DemoChains, lieOf, type Lie } from './chains'
import { DemoKeepers, type KeepersMotion } from './keepers'
import { writeJson, type WireValue } from './json'
import { Motion, type MotionOptions } from './motion'
import { buildTransfer, type Transfer } from './transfer'
import { VaultState, type VaultShape } from './vault'
import { historyRecord, transferDetail } from './wire'
import type { SimOperation, SimSample } from './types'

export const MAX_PAGE_SIZE = 1000

export type ApiOperation = Exclude<SimOperation, 'tss_getVault'>

export interface CoreOptions {
  seed: number
  transfers: number
  days: number
  stableSymbol: string
  vaultShape: VaultShape
  now: () => number
  /** the simulator's own origin, where the catalog's icons are served */
  iconOrigin?: string
  heavyShare?: number
  /** a network that moves (arrivals, settling transfers, a lagging node); none: it stands still */
  motion?: MotionOptions
  /** the keepers' two-minute story (default) or a still set of keepers */
  keepers?: KeepersMotion
}

export type RpcId = string | number | null

function envelope(data: WireValue, code = 200, message = 'success'): string {
  return writeJson({ code, message, data })
}

export function apiError(code: number, message: string): string {
  return envelope(null, code, message)
}

function isPositiveInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function rpcError(id: RpcId, code: number, message: string): string {
  return writeJson({ jsonrpc: '2.0', id, error: { code, message } })
}

export class SimCore {
  readonly catalog: Catalog
  readonly dataset: Dataset
  readonly vault: VaultState
  readonly stableField: string
  readonly motion: Motion | null
  /** each chain's EVM JSON-RPC, for chain checks of the demo's transfers */
  readonly chains: DemoChains
  /** the relay chain's keeper contracts, the maintainers' health servers, the vault's router (keepers.ts) */
  readonly keepers: DemoKeepers
  private readonly chainListText: string
  private readonly tokenListText: string

  constructor(readonly opts: CoreOptions) {
    this.catalog = new Catalog(opts.iconOrigin)
    this.dataset = new Dataset(this.catalog, {
      seed: opts.seed,
      transfers: opts.transfers,
      days: opts.days,
      anchorSec: Math.floor(opts.now() / 1000),
      ...(opts.heavyShare === undefined ? {} : { heavyShare: opts.heavyShare })
    })
    this.vault = new VaultState(opts.seed, this.catalog, opts.now)
    this.motion = opts.motion ? new Motion(this.dataset, this.vault, opts.motion, opts.now) : null
    this.stableField = `${opts.stableSymbol.toLowerCase()}Valume`
    this.keepers = new DemoKeepers(opts.now, opts.keepers)
    this.chains = new DemoChains({
      catalog: this.catalog,
      dataset: this.dataset,
      transfer: (i) => this.transfer(i),
      now: opts.now,
      keepers: this.keepers
    })
    this.chainListText = envelope(this.catalog.chainListData())
    this.tokenListText = envelope(this.catalog.tokenListData())
  }

  api(op: ApiOperation, body: string): string {
    switch (op) {
      case 'queryTokenList':
        return this.tokenListText
      case 'queryChainList':
        return this.chainListText
      case 'queryHistory':
        return this.history(body)
      case 'queryBridgeInfo':
        return this.bridgeInfo(body)
    }
  }

  private parseObject(body: string): Record<string, unknown> | null {
    try {
      const v: unknown = JSON.parse(body)
      return isObject(v) ? v : null
    } catch {
      return null
    }
  }

  private history(body: string): string {
    const req = this.parseObject(body)
    if (!req) return apiError(400, 'invalid parameter: body')
    const { address, chainId, pageNo = 1, pageSize = 10 } = req
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address))
      return apiError(400, 'invalid parameter: address')
    if (!isPositiveInt(chainId)) return apiError(400, 'invalid parameter: chainId')
    if (!isPositiveInt(pageNo)) return apiError(400, 'invalid parameter: pageNo')
    if (!isPositiveInt(pageSize)) return apiError(400, 'invalid parameter: pageSize')
    const user = this.dataset.userIndexOf(address)
    const chain = this.catalog.byChainId.get(chainId)
    if (user < 0 || !chain) return envelope({ list: [], total: 0 })
    this.motion?.historyRequested(user, chain.index)
    const { total, items } = this.dataset.page(user, chain.index, pageNo, Math.min(pageSize, MAX_PAGE_SIZE))
    const list = items.map((i) => historyRecord(this.transfer(i), this.stableField))
    return envelope({ list, total })
  }

  private bridgeInfo(body: string): string {
    const req = this.parseObject(body)
    if (!req) return apiError(400, 'invalid parameter: body')
    const { txHash } = req
    if (typeof txHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(txHash))
      return apiError(400, 'invalid parameter: txHash')
    const i = this.dataset.indexOfHash(txHash)
    // held back (not arrived yet, by motion or by a test): the service does not know it
    if (i < 0 || this.dataset.isHeld(i)) return apiError(404, 'transaction not found')
    return envelope(transferDetail(this.transfer(i)))
  }

  /**
   * Test control: the newest `count` transfers of an address on a chain are held back (a history that will
   * grow when the test says); answers how many are held.
   */
  hold(address: string, chainId: number, count: number): number {
    const user = this.dataset.userIndexOf(address)
    const chain = this.catalog.byChainId.get(chainId)
    if (user < 0 || !chain) return 0
    // hold() replaces what was held: with none held, the group's size is all of it
    this.dataset.hold(user, chain.index, 0)
    const all = this.dataset.groupSize(user, chain.index)
    this.dataset.hold(user, chain.index, count)
    return all - this.dataset.groupSize(user, chain.index)
  }

  /** Test control: up to `count` held-back transfers of an address on a chain arrive at its head, oldest first. */
  arrive(address: string, chainId: number, count: number): number {
    const user = this.dataset.userIndexOf(address)
    const chain = this.catalog.byChainId.get(chainId)
    if (user < 0 || !chain) return 0
    let n = 0
    while (n < count && this.dataset.reveal(user, chain.index) !== null) n++
    return n
  }

  /** transfer i as the service tells it now */
  transfer(i: number): Transfer {
    return this.motion ? this.motion.transfer(i) : buildTransfer(this.dataset, i)
  }

  /** one history record as wire text (a chain record when there are no transfers at all) */
  recordText(i: number): string {
    const ds = this.dataset
    if (ds.count === 0) return writeJson(this.catalog.chainListData().list[0] ?? null)
    return writeJson(historyRecord(buildTransfer(ds, Math.min(i, ds.count - 1)), this.stableField))
  }

  /** Parses a JSON-RPC request just far enough to learn its id (for faults that need it). */
  static rpcId(body: string): RpcId {
    try {
      const v: unknown = JSON.parse(body)
      if (isObject(v) && (typeof v.id === 'string' || typeof v.id === 'number')) return v.id
    } catch {
      // a parse error answers with id null
    }
    return null
  }

  /**
   * The lagging node's answer: it fails now and then (null: answer 503) and otherwise tells the vault as it
   * knows it, a few of its polls behind each rotation.
   */
  rpcLagging(body: string): string | null {
    if (!this.motion) return this.rpc(body)
    const { fails, latest } = this.motion.lagging.poll()
    return fails ? null : this.rpc(body, latest)
  }

  rpc(body: string, known = this.vault.latest()): string {
    let req: unknown
    try {
      req = JSON.parse(body)
    } catch {
      return rpcError(null, -32700, 'parse error')
    }
    if (!isObject(req)) return rpcError(null, -32600, 'invalid request')
    const id: RpcId = typeof req.id === 'string' || typeof req.id === 'number' ? req.id : null
    if (req.jsonrpc !== '2.0' || typeof req.method !== 'string')
      return rpcError(id, -32600, 'invalid request')
    if (req.method !== 'tss_getVault') return rpcError(id, -32601, `the method ${req.method} does not exist`)
    const params = req.params
    const arg: unknown = Array.isArray(params) && params.length === 1 ? params[0] : undefined
    let epoch
    if (arg === 'latest') epoch = known
    else if (typeof arg === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(arg)) {
      epoch = this.vault.get(parseInt(arg.slice(2), 16))
      if (!epoch || epoch.epoch > known.epoch) return rpcError(id, -32000, 'epoch not found')
    } else return rpcError(id, -32602, 'invalid params: expected ["latest"] or ["0x<hex epoch>"]')
    return writeJson({ jsonrpc: '2.0', id, result: this.vault.result(epoch, this.opts.vaultShape, known) })
  }

  sample(): SimSample {
    const ds = this.dataset
    const addresses: SimSample['addresses'] = []
    const addUser = (u: number): void => {
      for (const chain of this.catalog.chains) {
        const count = ds.groupSize(u, chain.index)
        if (count > 0) addresses.push({ address: ds.users[u]!, chainId: chain.chainId, count })
      }
    }
    for (let u = 0; u < ds.heavyCount; u++) addUser(u)
    for (let u = ds.heavyCount; u < Math.min(ds.users.length, ds.heavyCount + 3); u++) addUser(u)
    addresses.sort((a, b) => b.count - a.count)

    // First the 10^22+1 transfer, then one of each notable kind found among the first few thousand.
    const txHashes: string[] = []
    if (ds.count > 0) txHashes.push(ds.txHash(0))
    // decimals6to18 / decimals18to6: delivered transfers whose token has other decimals on the destination
    // chain (USDT Ethereum → BNB Chain and back), where inAmount's scale is the destination token's.
    const wanted = new Set([
      'relayer',
      'state0',
      'state2',
      'state3',
      'type1',
      'decimal6',
      'decimals6to18',
      'decimals18to6'
    ])
    for (let i = 1; i < Math.min(ds.count, 5000) && wanted.size > 0; i++) {
      if (this.motion?.unknown(i)) continue
      const t = buildTransfer(ds, i)
      const kinds = [
        t.relayer ? 'relayer' : '',
        `state${t.state}`,
        `type${t.type}`,
        t.token.decimal === 6 ? 'decimal6' : '',
        t.state === 1 && t.token.decimal !== t.toToken.decimal
          ? `decimals${t.token.decimal}to${t.toToken.decimal}`
          : ''
      ]
      const hit = kinds.find((k) => wanted.has(k))
      if (hit) {
        wanted.delete(hit)
        txHashes.push(t.hash)
      }
    }
    // and the newest transfers
    const newest: string[] = []
    for (let i = ds.count - 1; i >= 1 && newest.length < 3; i--)
      if (!this.motion?.unknown(i)) newest.unshift(ds.txHash(i))
    txHashes.push(...newest)
    // one delivered transfer of each kind its chains tell differently (chains.ts), for the demo to show
    const disagreeing: SimSample['disagreeing'] = []
    const lies = new Set<Lie>(['paid-less', 'reverted', 'unknown-receive', 'other-block'])
    for (let i = 10; i < Math.min(ds.count, 20_000) && lies.size > 0; i++) {
      const lie = lieOf(i)
      if (lie === null || !lies.has(lie) || this.motion?.unknown(i) || buildTransfer(ds, i).state !== 1)
        continue
      lies.delete(lie)
      disagreeing.push({ hash: ds.txHash(i), lie })
    }
    return { addresses, txHashes: [...new Set(txHashes)], epochs: this.vault.epochNumbers(), disagreeing }
  }
}
