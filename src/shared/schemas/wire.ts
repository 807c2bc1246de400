// Wire records of the bridge query service (the interface's chain, token, history and transfer records) and what the client makes of them.
// Types are as the spec states them; unknown extra fields are tolerated and kept (loose objects).
// Amount-like numbers reach these schemas as their exact decimal text (see src/main/client/mcs/decode.ts).
import { z } from 'zod'
import type { TransferOrigin } from './origin'
import type { Outcome } from '../outcome'

/** Exact decimal text as written on the wire, e.g. "10000000000000000000001.000000". */
/**
 * Longest decimal text accepted, in digits (and largest exponent). Real amounts are under 40 digits
 * (10^30 units with six fractional digits); a 200,000-digit "amount" printed an 800 KB line and a
 * 5-million-digit one (or 1e5000000) froze the window while formatting, so anything past this is refused
 * with a reason that names the field.
 */
export const MAX_DECIMAL_DIGITS = 100

function withinDecimalLimits(text: string): boolean {
  if (text.length > MAX_DECIMAL_DIGITS + 8) return false // sign, point and exponent at most: a cheap first cut
  // Every amount of every record passes here: counted in place rather than split (no allocation).
  let digits = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 101 || c === 69) return digits <= MAX_DECIMAL_DIGITS && Math.abs(Number(text.slice(i + 1).split(/[eE]/)[0])) <= MAX_DECIMAL_DIGITS
    if (c >= 48 && c <= 57) digits++
  }
  return digits <= MAX_DECIMAL_DIGITS
}

export const wireDecimal = z
  .string()
  .refine(withinDecimalLimits, { message: `a decimal number of at most ${MAX_DECIMAL_DIGITS} digits`, abort: true })
  .regex(/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/, 'a decimal number')

const int = z.int()
const nullableInt = z.int().nullable()
const nullableString = z.string().nullable()

export const chainDetailSchema = z.looseObject({
  chain: z.string(),
  chainId: int,
  chainImg: z.string(),
  chainName: z.string(),
  contract: z.string(),
  gasLimit: z.string(),
  id: int,
  rpc: z.string(),
  scanUrl: z.string()
})
export type ChainDetail = z.infer<typeof chainDetailSchema>

export const tokenDetailSchema = z.looseObject({
  address: z.string(),
  chainId: int,
  decimal: int,
  id: int,
  img: z.string(),
  isMint: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  symbol: z.string(),
  tokenId: z.string()
})
export type TokenDetail = z.infer<typeof tokenDetailSchema>

export const chainRecordSchema = z.looseObject({
  id: int,
  chain: z.string(),
  contract: z.string(),
  rpc: z.string(),
  chainId: int,
  gasLimit: z.string(),
  chainName: z.string(),
  chainImg: z.string(),
  scanUrl: z.string(),
  // Present and null in every shown record; their types are not published, so any JSON value is kept.
  volume: z.unknown(),
  tokenAddress: z.unknown(),
  decimal: z.unknown(),
  liquidity: z.unknown()
})
export type ChainRecord = z.infer<typeof chainRecordSchema>

export const tokenRecordSchema = z.looseObject({
  id: int,
  tokenId: z.string(),
  address: z.string(),
  name: z.string(),
  chainId: int,
  isMint: z.union([z.literal(0), z.literal(1)]),
  symbol: z.string(),
  decimal: int,
  img: z.string(),
  vaultToken: nullableString,
  vaultDecimal: nullableInt,
  pid: nullableInt
})
export type TokenRecord = z.infer<typeof tokenRecordSchema>

/** Tokens grouped by chain id (keys are chain ids written as strings). */
export const tokenListSchema = z.record(z.string().regex(/^\d+$/, 'a chain id'), z.array(tokenRecordSchema))
export type TokenList = z.infer<typeof tokenListSchema>

/** A detail string (fromChainObject …) that could not be decoded: the record is kept, the field is named. */
export const decodeIssueSchema = z.object({
  field: z.string(),
  reason: z.string(),
  /** the wire text that failed, cut to a readable length */
  raw: z.string().nullable()
})
export type DecodeIssue = z.infer<typeof decodeIssueSchema>

/** The `<symbol>Valume` field, recognised by pattern: `usdtValume` → { symbol: 'USDT', field: 'usdtValume' }. */
export const stableValueSchema = z.object({ symbol: z.string(), field: z.string(), value: wireDecimal })
export type StableValue = z.infer<typeof stableValueSchema>

export const STABLE_FIELD_PATTERN = /^([a-z][a-z0-9]*)Valume$/

/** Transfer record fields as on the wire, minus the detail strings and the stable value. */
export const transferRecordWireSchema = z.looseObject({
  id: int,
  chain: z.string(),
  fromChainid: int,
  toChainid: int,
  contract: z.string(),
  from: z.string(),
  to: z.string(),
  tokenAddress: z.string(),
  amount: wireDecimal,
  inAmount: wireDecimal,
  orderId: z.string(),
  hash: z.string(),
  height: int,
  confirmHeight: int,
  relayerSendHash: nullableString,
  relayerSendHeight: nullableInt,
  relayerChainid: nullableInt,
  relayerHash: nullableString,
  relayerHeight: nullableInt,
  relayerContract: nullableString,
  relayerConfirmHeight: nullableInt,
  state: int,
  type: int,
  timestamp: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  transferinHash: z.string(),
  transferinHeight: int,
  transferinContract: z.string(),
  transferinSendHash: z.string(),
  transferinConfirmHeight: int,
  transferinSendHeight: nullableInt,
  fromChainObject: z.string(),
  toChainObject: z.string(),
  tokenObject: z.string()
})

/**
 * Omit for loose objects. The built-in Omit goes through `keyof T`, which for a type with an index
 * signature is just `string`, so every known field collapsed to `unknown`; key remapping keeps them.
 */
export type OmitKnown<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] }

/**
 * The token a received amount is counted in. A successor that names the token received (Butter's
 * `receiveTokenDict` / `receiveToken`) gives its address too: for a swap it is another token than the one sent.
 */
export const receivedTokenSchema = z.object({ decimals: int.min(0).max(255), symbol: z.string(), address: z.string().optional() })
export type ReceivedTokenOf = z.infer<typeof receivedTokenSchema>

/** A decoded transfer record: detail strings replaced by objects (null when undecodable, see `issues`). */
export type TransferRecord = OmitKnown<
  z.infer<typeof transferRecordWireSchema>,
  'fromChainObject' | 'toChainObject' | 'tokenObject'
> & {
  fromChainObject: ChainDetail | null
  toChainObject: ChainDetail | null
  tokenObject: TokenDetail | null
  stable: StableValue | null
  issues: DecodeIssue[]
  /**
   * The token `inAmount` is counted in (the destination chain's token of the same symbol, from the token
   * list): set by main before records leave it (src/shared/amounts.ts); null or absent when unknown.
   */
  received?: ReceivedTokenOf | null
  /** which dialect answered and in which units its amounts came; absent for our original dialect (raw) */
  origin?: TransferOrigin
  /** how the transfer ended, read through its dialect's state table (src/shared/outcome.ts); set by main */
  outcome?: Outcome
}

export const historyPageWireSchema = z.looseObject({ list: z.array(z.unknown()), total: int.nonnegative() })
export interface HistoryPage {
  list: TransferRecord[]
  /** the service's total; where it sends none (totalKnown false), only how many are known to exist so far */
  total: number
  /** false when the service sends no total (Bridge Scan): every count beyond the pages read is unknown */
  totalKnown?: false
}

export const transferDetailWireSchema = z.looseObject({
  coin: z.string(),
  fromDecimal: int,
  receiveDecimal: int,
  fromChainName: z.string(),
  toChainName: z.string(),
  from: z.string(),
  to: z.string(),
  sending: wireDecimal,
  receiving: wireDecimal,
  fromChainId: int,
  relayerChainId: nullableInt,
  toChainId: int,
  state: int,
  type: int,
  fromHeight: int,
  fromHash: z.string(),
  relayerHeight: nullableInt,
  relayerHash: nullableString,
  transferInHeight: int,
  transferInHash: z.string(),
  confirmHeight: int,
  relayerConfirmHeight: nullableInt,
  transferInConfirmHeight: int,
  fromChainObject: z.string(),
  toChainObject: z.string(),
  tokenObject: z.string(),
  // No relayer leg: null or empty in practice.
  relayerObject: z.string().nullable().optional()
})

export type TransferDetail = OmitKnown<
  z.infer<typeof transferDetailWireSchema>,
  'fromChainObject' | 'toChainObject' | 'tokenObject' | 'relayerObject'
> & {
  fromChainObject: ChainDetail | null
  toChainObject: ChainDetail | null
  tokenObject: TokenDetail | null
  relayerObject: ChainDetail | null
  issues: DecodeIssue[]
  origin?: TransferOrigin
  /** how the transfer ended, read through its dialect's state table (src/shared/outcome.ts); set by main */
  outcome?: Outcome
  /**
   * The token received, where the service names it apart from the token sent (Butter's `receiveToken`): for
   * a swap, what `receiving` is counted in. Absent where the received token is the sent one.
   */
  receiveSymbol?: string | null
  receiveToken?: ReceivedTokenOf | null
  /**
   * When it was sent and last updated ('yyyy-MM-dd HH:mm:ss' UTC), where the dialect's single transfer carries
   * its legs' times (Bridge Scan's); absent from our original dialect's, whose times are the history record's.
   * A name of our own, so that no field an original service may add beside its documented ones is taken for it.
   */
  times?: TransferTimes
}

export const transferTimesSchema = z.object({ sent: z.string(), updated: z.string() })
export type TransferTimes = z.infer<typeof transferTimesSchema>

/** The fields whose wire numbers are amounts: kept as exact decimal text. */
export const AMOUNT_FIELDS = ['amount', 'inAmount', 'sending', 'receiving', 'receiveAmount'] as const
