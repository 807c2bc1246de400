// The demo network's transfers as the successor dialects tell them, from the same transfers and the same motion
// as the original routes: Butter's swap-data API (app API under /butter/app, tokens API under /butter/tokens) and
// MAP's Bridge Scan API (under /mapscan), every call a GET with query parameters, shaped as their docs' examples
// (test/fixtures/butter, test/fixtures/mapscan). Where Butter's docs round (six fractional digits on the
// source-hash page), the demo writes every digit, so switching dialects shows the same amounts.
import type { SimCore } from './core'
import { apiError } from './core'
import type { SimChain, SimToken } from './catalog'
import { buildTransfer, type Transfer } from './transfer'
import { RawJson, wireDate, writeJson, type WireObject, type WireValue } from './json'
import { descriptorOf } from '@shared/dialects'
import type { Catalog } from './catalog'
import { butterDelivered, butterState, receivedOf } from './butter-view'

function envelope(data: WireValue): string {
  return writeJson({ code: 200, message: 'success', data })
}

/** smallest units → token units, every digit kept; at least `minFraction` fractional digits */
export function humanUnits(units: bigint, decimals: number, minFraction = 0): string {
  const neg = units < 0n
  const s = (neg ? -units : units).toString().padStart(decimals + 1, '0')
  const int = s.slice(0, s.length - decimals)
  const frac = s.slice(s.length - decimals).replace(/0+$/, '').padEnd(minFraction, '0')
  return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`
}

function legChain(c: SimChain): WireObject {
  return { id: c.id, chainId: String(c.chainId), chainName: c.chainName, scanUrl: c.scanUrl, chainImg: c.chainImg }
}

function butterToken(t: SimToken): WireObject {
  return { id: t.id, chainId: t.chainId, address: t.address, name: t.name, symbol: t.symbol, icon: t.img, decimal: t.decimal, isMainCurrency: 0 }
}

/**
 * A destination Butter does not know yet: its SDK types every member of a chain object nullable
 * (butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:packages/butter-sdk/src/types/response.ts).
 */
const NO_CHAIN: WireObject = { id: null, chainId: null, chainName: null, scanUrl: null, chainImg: null }

function butterRecord(cat: Catalog, t: Transfer): WireObject {
  const state = butterState(t)
  const done = butterDelivered(t)
  const got = receivedOf(cat, t)
  return {
    id: t.id,
    sourceAddress: t.from,
    destinationAddress: t.to,
    fromChainId: String(t.fromChain.chainId),
    toChainId: String(t.toChain.chainId),
    sourceHash: t.hash,
    sourceHeight: t.height,
    destinationHash: done ? t.transferinHash : null,
    destinationHeight: done ? t.transferinHeight : null,
    orderId: t.orderId,
    sourceTokenAddress: t.token.address,
    destinationTokenAddress: t.toToken.address,
    // raw smallest units, a JSON integer of any size, as Butter's history sends them
    amount: new RawJson(t.amount.toString()),
    type: t.type,
    state,
    timestamp: wireDate(t.timeSec),
    sourceChain: legChain(t.fromChain),
    destinationChain: state === 0 ? NO_CHAIN : legChain(t.toChain),
    sourceToken: butterToken(t.token),
    destinationToken: butterToken(t.toToken),
    inAmount: done ? new RawJson(t.inAmount.toString()) : null,
    // what the user received, raw, in the token received (a swap's differs from the bridge's destinationToken)
    receiveAmount: done ? new RawJson(got.amount.toString()) : null,
    receiveTokenDict: butterToken(got.token),
    completeTime: state !== 0 && state !== 4 ? wireDate(t.updatedSec) : null,
    relayerChainId: t.relayer ? String(t.relayer.chain.chainId) : null,
    relayerHash: t.relayer ? t.relayer.hash : null,
    relayerHeight: t.relayer ? t.relayer.height : null
  }
}

/** Butter's single-transfer answer: human units, a JSON number (order id) or a string (source hash). */
function butterInfo(cat: Catalog, t: Transfer, amountsAs: 'number' | 'string'): WireObject {
  const state = butterState(t)
  const done = butterDelivered(t)
  const got = receivedOf(cat, t)
  const iso = (sec: number): string => new Date(sec * 1000).toISOString().replace('Z', '+00:00')
  const amount = (units: bigint, decimals: number): WireValue => (amountsAs === 'number' ? new RawJson(humanUnits(units, decimals)) : humanUnits(units, decimals, 6))
  const sent = t.amount
  const fee = done ? sent - ((t.inAmount * 10n ** BigInt(t.token.decimal)) / 10n ** BigInt(t.toToken.decimal)) : 0n
  return {
    fromChain: legChain(t.fromChain),
    relayerChain: t.relayer ? legChain(t.relayer.chain) : null,
    // null while crossing, as Butter's widget expects it (`if (data.toChain)`, useSwapHistoryInfo.ts)
    toChain: state === 0 ? null : legChain(t.toChain),
    tokenAddress: t.token.address,
    tokenSymbol: t.token.symbol,
    timestamp: iso(t.timeSec),
    completeTime: state !== 0 && state !== 4 ? iso(t.updatedSec) : null,
    amount: amount(sent, t.token.decimal),
    inAmount: done ? amount(t.inAmount, t.toToken.decimal) : null,
    receiveAmount: done ? amount(got.amount, got.token.decimal) : null,
    receiveToken: butterToken(got.token),
    fee: done ? `${humanUnits(fee, t.token.decimal)}${t.token.symbol}` : null,
    state,
    sourceHash: t.hash,
    relayerHash: t.relayer ? t.relayer.hash : null,
    toHash: done ? t.transferinHash : null,
    sourceAddress: t.from,
    toAddress: t.to,
    fromTokenDecimal: t.token.decimal,
    sourceToken: butterToken(t.token),
    destinationToken: butterToken(t.toToken),
    feeToken: butterToken(t.token)
  }
}

function leg(address: string, chain: SimChain, block: number, hash: string, sec: number): WireObject {
  return {
    address,
    chainInfo: { ...legChain(chain), mosContract: chain.contract, color: null },
    contract: chain.contract,
    block,
    hash,
    timestamp: new Date(sec * 1000).toISOString().replace('Z', '+00:00')
  }
}

/**
 * Bridge Scan's states as its docs name them: 0 crossing, 1 completed, 2 relaying (no relay leg done yet),
 * 3 relayer completed (the relay leg done, the destination not yet): only a completed transfer has its
 * destination leg.
 */
function scanLegsOf(t: Transfer): { done: boolean; relayed: boolean } {
  return { done: t.state === 1, relayed: t.relayer !== null && t.state !== 2 }
}

function scanInfo(t: Transfer): WireObject {
  const { done, relayed } = scanLegsOf(t)
  const out: Record<string, WireValue> = { sourceInfo: leg(t.from, t.fromChain, t.height, t.hash, t.timeSec) }
  if (done) out.destinationInfo = leg(t.to, t.toChain, t.transferinHeight, t.transferinHash, t.updatedSec)
  if (relayed && t.relayer) out.relyerInfo = leg(t.to, t.relayer.chain, t.relayer.height, t.relayer.hash, t.timeSec)
  out.state = t.state
  return out
}

function scanRecord(t: Transfer): WireObject {
  const { done, relayed } = scanLegsOf(t)
  const chainInfo = (c: SimChain): WireObject => ({ ...legChain(c), mosContract: c.contract, color: null })
  return {
    id: t.id,
    sourceAddress: t.from,
    sourceHash: t.hash,
    sourceHeight: t.height,
    sourceTimestamp: new Date(t.timeSec * 1000).toISOString().replace('Z', '+00:00'),
    sourceChainInfo: chainInfo(t.fromChain),
    relayHash: relayed && t.relayer ? t.relayer.hash : null,
    relayHeight: relayed && t.relayer ? t.relayer.height : null,
    relayChainInfo: relayed && t.relayer ? chainInfo(t.relayer.chain) : null,
    destinationHash: done ? t.transferinHash : null,
    destinationHeight: done ? t.transferinHeight : null,
    destinationChainInfo: chainInfo(t.toChain)
  }
}

const orderIndexes = new WeakMap<SimCore, Map<string, number>>()

function indexOfOrder(core: SimCore, orderId: string): number {
  let map = orderIndexes.get(core)
  if (!map) {
    map = new Map()
    for (let i = 0; i < core.dataset.count; i++) map.set(buildTransfer(core.dataset, i).orderId, i)
    orderIndexes.set(core, map)
  }
  return map.get(orderId.toLowerCase()) ?? -1
}

const positive = (v: string | null, fallback: number): number | null => {
  if (v === null) return fallback
  return /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null
}

/** Newest first: one chain's page, or (chain left out, as Butter allows) every chain's transfers merged. */
function historyItems(core: SimCore, user: number, chainIndexes: number[], page: number, size: number): { total: number; items: number[] } {
  if (chainIndexes.length === 1) return core.dataset.page(user, chainIndexes[0] as number, page, size)
  const all: number[] = []
  for (const c of chainIndexes) all.push(...core.dataset.page(user, c, 1, core.dataset.groupSize(user, c)).items)
  all.sort((a, b) => buildTransfer(core.dataset, b).timeSec - buildTransfer(core.dataset, a).timeSec || b - a)
  return { total: all.length, items: all.slice((page - 1) * size, page * size) }
}

function known(core: SimCore, i: number): boolean {
  return i >= 0 && i < core.dataset.count && !core.dataset.isHeld(i)
}

/** Butter's app API (transfers): answers a GET to /api/<op>, or null for an operation it has not. */
export function butterApp(core: SimCore, op: string, q: URLSearchParams): string | null {
  switch (op) {
    case 'queryBridgeHistoryByAddress': {
      const address = q.get('address') ?? ''
      const page = positive(q.get('page'), 1)
      const size = positive(q.get('size'), 10)
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return apiError(400, 'invalid parameter: address')
      if (page === null || size === null || size > 100) return apiError(400, 'invalid parameter: page or size')
      const user = core.dataset.userIndexOf(address)
      const chainIdText = q.get('chainId')
      const chain = chainIdText === null ? null : core.catalog.byChainId.get(Number(chainIdText))
      if (user < 0 || chain === undefined) return envelope({ list: [], total: 0 })
      if (chain) core.motion?.historyRequested(user, chain.index)
      const { total, items } = historyItems(core, user, chain ? [chain.index] : core.catalog.chains.map((c) => c.index), page, size)
      return envelope({ list: items.map((i) => butterRecord(core.catalog, core.transfer(i))), total })
    }
    case 'queryBridgeInfoBySourceHash': {
      const i = core.dataset.indexOfHash(q.get('hash') ?? '')
      return envelope({ info: known(core, i) ? butterInfo(core.catalog, core.transfer(i), 'string') : null })
    }
    case 'queryCrossInfoByOrderId': {
      const i = indexOfOrder(core, q.get('orderId') ?? '')
      return envelope({ info: known(core, i) ? butterInfo(core.catalog, core.transfer(i), 'number') : null })
    }
    default:
      return null
  }
}

const chainKey = (c: SimChain): string => c.chainName.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** Butter's tokens API (chains, tokens by network, paged). */
export function butterTokens(core: SimCore, op: string, q: URLSearchParams): string | null {
  if (op === 'queryChainList') {
    return envelope({
      chains: core.catalog.chains.map((c) => ({
        id: c.id,
        chainId: String(c.chainId),
        chainType: 'EVM',
        key: chainKey(c),
        logoUri: c.chainImg,
        metamask: JSON.stringify({ chainName: c.chainName, blockExplorerUrls: [c.scanUrl], chainId: `0x${c.chainId.toString(16)}`, rpcUrls: [c.rpc] }),
        name: c.chainName,
        isBlock: 0
      }))
    })
  }
  if (op === 'queryTokenList') {
    const chain = core.catalog.chains.find((c) => chainKey(c) === q.get('network'))
    // Paged by the names of Butter's docs table (pageNo/pageSize, which Butter's WDK sends); `page`/`size` are
    // not known here and give the first page of ten, as a service that does not know a parameter answers.
    const page = positive(q.get('pageNo'), 1)
    const size = positive(q.get('pageSize'), 10)
    if (!chain) return apiError(400, 'invalid parameter: network')
    if (page === null || size === null || size > 100) return apiError(400, 'invalid parameter: page or size')
    const tokens = core.catalog.tokensOfChain[chain.index] ?? []
    const results = tokens.slice((page - 1) * size, page * size).map((t) => ({
      id: t.id,
      chainId: String(t.chainId),
      address: t.address,
      blockchainNetwork: chainKey(chain),
      decimals: t.decimal,
      image: t.img,
      name: t.name,
      symbol: t.symbol,
      usdprice: 0
    }))
    return envelope({ count: tokens.length, results })
  }
  return null
}

/** MAP's Bridge Scan API. */
export function mapscan(core: SimCore, op: string, q: URLSearchParams): string | null {
  switch (op) {
    case 'queryHistoryByChainIdAddress': {
      const address = q.get('address') ?? ''
      const page = positive(q.get('page'), 1)
      const size = positive(q.get('size'), 10)
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return apiError(400, 'invalid parameter: address')
      if (page === null || size === null) return apiError(400, 'invalid parameter: page or size')
      const user = core.dataset.userIndexOf(address)
      const chain = core.catalog.byChainId.get(Number(q.get('chainId')))
      if (user < 0 || !chain) return envelope({ list: [], total: null })
      core.motion?.historyRequested(user, chain.index)
      const { items } = core.dataset.page(user, chain.index, page, Math.min(size, 1000))
      // as the docs' example: no total
      return envelope({ list: items.map((i) => scanRecord(core.transfer(i))), total: null })
    }
    case 'queryCrossInfoBySourceHash': {
      const i = core.dataset.indexOfHash(q.get('txHash') ?? '')
      return known(core, i) ? envelope(scanInfo(core.transfer(i))) : apiError(404, 'transaction not found')
    }
    case 'queryCrossInfoById': {
      const id = Number(q.get('id'))
      const i = Number.isSafeInteger(id) ? id - 1 : -1
      return known(core, i) ? envelope(scanInfo(core.transfer(i))) : apiError(404, 'transaction not found')
    }
    default:
      return null
  }
}

// Where each answers: the paths the dialects' descriptors give the demo (src/main/client/<dialect>/descriptor.ts).
const BUTTER_DEMO = descriptorOf('butter').demo
const MAPSCAN_DEMO = descriptorOf('mapscan').demo
const ROUTES: readonly { prefix: string; answer: (core: SimCore, op: string, q: URLSearchParams) => string | null }[] = [
  { prefix: BUTTER_DEMO.base, answer: butterApp },
  ...(BUTTER_DEMO.tokens ? [{ prefix: BUTTER_DEMO.tokens, answer: butterTokens }] : []),
  { prefix: MAPSCAN_DEMO.base, answer: mapscan }
]

/** The path prefixes the successors answer under, beside the original /api/… */
export const SUCCESSOR_PREFIXES: readonly string[] = ROUTES.map((r) => r.prefix)

/** A GET under one of the prefixes → its answer text, or null when no successor has that route. */
export function successorAnswer(core: SimCore, path: string, q: URLSearchParams): string | null {
  for (const { prefix, answer } of ROUTES) {
    if (!path.startsWith(`${prefix}/api/`)) continue
    return answer(core, path.slice(prefix.length + '/api/'.length), q)
  }
  return null
}
