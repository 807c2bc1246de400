// How a person reads a transfer's amounts: the one place that decides which decimals scale which wire value,
// for the table, sorting, the exports, the charts, the CLI's text and the watcher's messages.
//
// The meaning, from MAP's own bridge front-end (butter-swap-ui, src/views/Home.vue): `amount` is in the
// SOURCE token's smallest unit (divided by tokenObject.decimal); `inAmount` is in the DESTINATION token's
// smallest unit, divided by the decimals of the token with the same symbol on `toChainid`. queryBridgeInfo
// names both (fromDecimal, receiveDecimal) for the same reason. Decimals differ across chains for the same
// symbol (USDT and USDC: 6 on Ethereum, 18 on BNB Smart Chain), so scaling inAmount by the source token's
// decimals shows 99.5 USDT as 99,500,000,000,000. When the destination token cannot be found (token list not
// loaded, no matching token) the wire value is shown exactly and marked raw — never a guessed scale.
//
// Other dialects write amounts in other units (src/shared/schemas/origin.ts): a record's `origin` says whether
// `amount` and `inAmount` are raw smallest units, human units as the digits sent, or absent. Every reader
// below honours it, so no view asks which service answered.
import { descriptorOf } from './dialects'
import { decimalToString, formatAmount, formatDecimal, parseDecimal, shiftDecimal, toScaledUnits } from './decimal'
import { NOT_PROVIDED, NOT_YET_KNOWN, notProvided, type AmountUnit, type TransferOrigin } from './schemas/origin'
import type { StableValue, TokenDetail, TokenList, TransferDetail, TransferRecord } from './schemas/wire'

/** The token a transfer's received amount is counted in: found in the token list, on the destination chain. */
export interface ReceivedToken {
  decimals: number
  symbol: string
  address?: string
}

/** A wire amount with the decimals that scale it, or null when they are unknown (shown raw). */
export interface ReadAmount {
  wire: string
  decimals: number | null
  symbol: string | null
  /** raw (the default): smallest units; human: token units as sent; absent: there is no amount */
  unit?: AmountUnit
  /** why an absent amount is absent, as shown in its place */
  missing?: string
}

export type TokenFinder = (chainId: number, symbol: string | null | undefined, tokenId: string | null | undefined) => ReceivedToken | null

/** Looks tokens up by chain: the same symbol (any case) first, else the same tokenId. */
export function tokenFinder(list: TokenList | null): TokenFinder {
  const bySymbol = new Map<string, ReceivedToken>()
  const byTokenId = new Map<string, ReceivedToken>()
  for (const [chainId, tokens] of Object.entries(list ?? {})) {
    for (const t of tokens) {
      const found: ReceivedToken = { decimals: t.decimal, symbol: t.symbol, ...(t.address ? { address: t.address } : {}) }
      const s = `${chainId}|${t.symbol.toLowerCase()}`
      if (!bySymbol.has(s)) bySymbol.set(s, found)
      const id = `${chainId}|${t.tokenId}`
      if (!byTokenId.has(id)) byTokenId.set(id, found)
    }
  }
  return (chainId, symbol, tokenId) =>
    (symbol ? bySymbol.get(`${chainId}|${symbol.toLowerCase()}`) : undefined) ??
    (tokenId ? byTokenId.get(`${chainId}|${tokenId}`) : undefined) ??
    null
}

/** Each record with `received` set from the token list (null where the destination token is unknown). */
export function withReceivedTokens<T extends TransferRecord>(records: T[], list: TokenList | null): T[] {
  const find = tokenFinder(list)
  for (const r of records) {
    // A successor's record names the token it received itself (Butter's receiveTokenDict or destinationToken):
    // for a swap that is another token than the one sent, so no lookup by the sent token's symbol replaces it.
    if (r.origin && descriptorOf(r.origin.dialect).namesReceivedToken) r.received = r.received ?? null
    else r.received = find(r.toChainid, r.tokenObject?.symbol, r.tokenObject?.tokenId)
  }
  return records
}

type Origined = { origin?: TransferOrigin | undefined }

function unitOf(origin: TransferOrigin | undefined, which: 'amount' | 'inAmount'): Pick<ReadAmount, 'unit' | 'missing'> {
  const unit = origin?.[which] ?? 'raw'
  if (unit !== 'absent') return unit === 'raw' ? {} : { unit }
  return { unit, missing: notProvided(origin, which) ? NOT_PROVIDED : NOT_YET_KNOWN }
}

export function sentAmount(r: Pick<TransferRecord, 'amount'> & Origined & { tokenObject: Pick<TokenDetail, 'decimal' | 'symbol'> | null }): ReadAmount {
  return { wire: r.amount, decimals: r.tokenObject?.decimal ?? null, symbol: r.tokenObject?.symbol ?? null, ...unitOf(r.origin, 'amount') }
}

export function receivedAmount(r: Pick<TransferRecord, 'inAmount' | 'received'> & Origined): ReadAmount {
  return { wire: r.inAmount, decimals: r.received?.decimals ?? null, symbol: r.received?.symbol ?? null, ...unitOf(r.origin, 'inAmount') }
}

/** One transfer's amount sent (queryBridgeInfo's `sending`), in the unit its service wrote it. */
export function detailSentAmount(d: Pick<TransferDetail, 'sending' | 'fromDecimal' | 'coin' | 'origin'>): ReadAmount {
  return { wire: d.sending, decimals: d.fromDecimal, symbol: d.coin, ...unitOf(d.origin, 'amount') }
}

/** One transfer's amount received (`receiving`), in the unit its service wrote it. */
export function detailReceivedAmount(d: Pick<TransferDetail, 'receiving' | 'receiveDecimal' | 'coin' | 'origin' | 'receiveSymbol'>): ReadAmount {
  // the received token's own symbol where the service names it (a swap's), else the sent token's
  return { wire: d.receiving, decimals: d.receiveDecimal, symbol: d.receiveSymbol ?? d.coin, ...unitOf(d.origin, 'inAmount') }
}

/**
 * The exact value in token units as canonical decimal text ("793.9679079533888"), whatever unit the amount was
 * sent in; null when it cannot be known (no amount, or raw units whose decimals are unknown). The same transfer
 * written raw, as a human-unit string or as a human-unit JSON number gives the same text.
 */
export function exactAmount(a: ReadAmount): string | null {
  const unit = a.unit ?? 'raw'
  if (unit === 'absent') return null
  try {
    if (unit === 'human') return decimalToString(parseDecimal(a.wire))
    return a.decimals === null ? null : decimalToString(shiftDecimal(parseDecimal(a.wire), a.decimals))
  } catch {
    return null
  }
}

/**
 * The human text, or the exact wire text with raw: true when the decimals are unknown or unusable; for an
 * absent amount, why it is absent (missing: true) — never 0.
 */
export function amountText(a: ReadAmount, opts: { grouping?: boolean; symbol?: boolean } = {}): { text: string; raw: boolean; missing?: true } {
  if (a.unit === 'absent') return { text: a.missing ?? NOT_PROVIDED, raw: false, missing: true }
  if (a.unit === 'human') {
    try {
      const text = formatDecimal(a.wire, {
        ...(opts.grouping === false ? { grouping: false } : {}),
        ...(opts.symbol && a.symbol ? { symbol: a.symbol } : {})
      })
      return { text, raw: false }
    } catch {
      return { text: a.wire, raw: true }
    }
  }
  if (a.decimals === null) return { text: a.wire, raw: true }
  try {
    const text = formatAmount(a.wire, a.decimals, {
      ...(opts.grouping === false ? { grouping: false } : {}),
      ...(opts.symbol && a.symbol ? { symbol: a.symbol } : {})
    })
    return { text, raw: false }
  } catch {
    return { text: a.wire, raw: true }
  }
}

/** Common scale for ordering amounts of tokens with different decimals (36 covers every real token). */
const ORDER_SCALE = 36

/**
 * A key that orders amounts by their human value across tokens of any decimals; amounts whose decimals are
 * unknown order before every known one (they cannot be compared, and are marked raw where shown).
 */
export function amountOrder(a: ReadAmount): bigint {
  if (a.unit === 'absent') return -2n
  if (a.unit === 'human') {
    try {
      return toScaledUnits(a.wire, ORDER_SCALE)
    } catch {
      return -1n
    }
  }
  if (a.decimals === null) return -1n
  try {
    const units = toScaledUnits(a.wire, 0) // the wire value is already in smallest units
    const shift = ORDER_SCALE - a.decimals
    return shift >= 0 ? units * 10n ** BigInt(shift) : units / 10n ** BigInt(-shift)
  } catch {
    return -1n
  }
}

/** Scale of the stable value's order key: past any fraction a service sends for a dollar value. */
const STABLE_SCALE = 18

/**
 * A key that orders transfers by their stable value (already in human units, comparable across tokens);
 * transfers without one order before every valued one.
 */
export function stableOrder(v: StableValue | null | undefined): bigint {
  if (!v) return -1n
  try {
    return toScaledUnits(v.value, STABLE_SCALE)
  } catch {
    return -1n
  }
}
