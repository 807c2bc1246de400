// A transfer as Bridgescope understands it, whatever service told of it: our own model, not any service's wire
// shape. A bridge record and a cross-chain swap alike are legs (source, relay, destination) with their chains,
// hashes, heights and times; a SENT token and amount and a RECEIVED token and amount, each token with its own
// address, symbol and decimals (a swap delivers another token than it took), amounts as exact decimal text in
// token units; the fee where a service gives one; an outcome from our closed set beside the service's own state
// number and word; and what this service does not provide.
//
// It is made by one pair of functions from what a dialect's decoder produced (transferOfRecord for a history
// record, transferOfDetail for one transfer), reading the units each dialect wrote its amounts in (the record's
// origin) and its state table's outcome, so no reader below ever asks which service answered or in which unit.
// The CLI's text and --json, the exports and their import, the Transfer view, chain checks and the watcher read
// this. Its JSON form is versioned (TRANSFER_MODEL_VERSION) and held by transferSchema at every edge it crosses.
import { z } from 'zod'
import { formatDecimal } from './decimal'
import { exactAmount, receivedAmount, sentAmount, detailReceivedAmount, detailSentAmount, type ReadAmount } from './amounts'
import { DEFAULT_DIALECT, descriptorOf, dialectSchema, type Dialect } from './dialects'
import { OUTCOME_WORDS, outcomeSchema } from './outcome'
import { NOT_PROVIDED, notProvided, STATE_NOT_PROVIDED } from './schemas/origin'
import { decodeIssueSchema, type ChainDetail, type TransferDetail, type TransferRecord } from './schemas/wire'
import { capitalised, OTHER_STATE_LABEL, outcomeOf } from './states'
import { orderIdText, receivedKnown } from './format/values'
import { relayerLeg } from './transfer-legs'
import { wireTime } from './transfer-time'

/** Bumped when a field changes meaning; an import refuses a version it does not know, naming it. */
export const TRANSFER_MODEL_VERSION = 1

/** Why an amount has no value, in the words every view shows. */
export const MISSING = {
  notProvided: NOT_PROVIDED,
  notYet: 'not received yet',
  refunded: 'none (refunded)',
  failed: 'none (failed)',
  unknown: 'not known'
} as const

const exactText = z.string().regex(/^-?\d+(\.\d+)?$/, 'an exact decimal number')

export const modelTokenSchema = z.object({
  symbol: z.string().nullable(),
  /** the token's name, where the service gives one */
  name: z.string().nullable().optional(),
  address: z.string().nullable(),
  decimals: z.int().min(0).max(255).nullable()
})
export type ModelToken = z.infer<typeof modelTokenSchema>

export const modelAmountSchema = z.object({
  token: modelTokenSchema.nullable(),
  /** exact decimal text in token units ("1500.25"); null when it cannot be known (see wire, missing) */
  value: exactText.nullable(),
  /**
   * the digits exactly as the service sent them, in its unit for this field: `smallest` units of the token (scaled
   * by its decimals), or `token` units; null when it sent none. When the decimals are unknown this is all there is.
   */
  wire: z.string().nullable(),
  unit: z.enum(['smallest', 'token']).nullable(),
  /** why there is no value ("not provided by this service", "not received yet", "none (refunded)" …); null when there is one */
  missing: z.string().nullable()
})
export type ModelAmount = z.infer<typeof modelAmountSchema>

export const LEG_ROLES = ['source', 'relay', 'destination'] as const

export const modelLegSchema = z.object({
  role: z.enum(LEG_ROLES),
  chainId: z.int().nullable(),
  chainName: z.string().nullable(),
  hash: z.string().nullable(),
  height: z.int().nullable(),
  confirmHeight: z.int().nullable(),
  /** ISO 8601 UTC ("2026-11-27T02:37:05Z"), where the service gives this leg's time */
  time: z.string().nullable(),
  /** the chain's explorer, as the service names it */
  explorer: z.string().nullable(),
  /** the chain's icon, as the service names it (shown only through main's icon cache) */
  icon: z.string().nullable().optional(),
  /** the bridge contract and the RPC the service's record names for this leg's chain (no trust anchor: shown beside the chain list's) */
  contract: z.string().nullable().optional(),
  rpc: z.string().nullable().optional()
})
export type ModelLeg = z.infer<typeof modelLegSchema>

export const transferSchema = z.object({
  version: z.literal(TRANSFER_MODEL_VERSION),
  dialect: dialectSchema,
  /** the source transaction's hash: how every service finds one transfer */
  hash: z.string(),
  /** the service's own record id, where it has one */
  id: z.int().nullable(),
  orderId: z.string().nullable(),
  sender: z.string().nullable(),
  receiver: z.string().nullable(),
  legs: z.object({ source: modelLegSchema, relay: modelLegSchema.nullable(), destination: modelLegSchema }),
  sent: modelAmountSchema,
  received: modelAmountSchema,
  fee: modelAmountSchema.nullable(),
  /** the service's value of the transfer in a stablecoin, as it sent it ("usdtValume" → USDT) */
  stable: z.object({ symbol: z.string(), value: exactText }).nullable(),
  /** the service's own state number and word (null where it sends none) beside our outcome */
  state: z.object({ number: z.int().nullable(), word: z.string().nullable() }),
  outcome: outcomeSchema,
  type: z.int().nullable(),
  times: z.object({ sent: z.string().nullable(), updated: z.string().nullable() }),
  /** the fields this service does not provide, so each reads "not provided" rather than a guess */
  notProvided: z.array(z.string()),
  issues: z.array(decodeIssueSchema)
})
export type Transfer = z.infer<typeof transferSchema>

/** Epoch ms as the model writes a time: ISO 8601 in UTC, whole seconds ("2026-11-27T02:37:05Z"). */
export function isoOfMs(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** A wire time (UTC, no zone) as ISO 8601 with its zone; null when none or unreadable. */
export function isoTime(text: string | null | undefined): string | null {
  if (!text) return null
  const ms = wireTime(text)
  return Number.isNaN(ms) ? null : isoOfMs(ms)
}

function amountOf(read: ReadAmount, token: ModelToken | null, missing: string | null): ModelAmount {
  if (read.unit === 'absent') return { token, value: null, wire: null, unit: null, missing: missing ?? read.missing ?? MISSING.notProvided }
  const unit = read.unit === 'human' ? 'token' : 'smallest'
  if (missing !== null) return { token, value: null, wire: null, unit: null, missing }
  return { token, value: exactAmount(read), wire: read.wire, unit, missing: null }
}

/** Why nothing is known to have arrived, or null when the received amount is what arrived. */
function receivedMissing(outcome: Transfer['outcome'], arrived: boolean, provided: boolean): string | null {
  if (arrived) return provided ? null : MISSING.notProvided
  // nothing has arrived: why, whether or not the service would have told the amount
  if (outcome === 'refunded') return MISSING.refunded
  if (outcome === 'failed') return MISSING.failed
  if (outcome === 'in-flight') return MISSING.notYet
  return provided ? MISSING.unknown : MISSING.notProvided
}

const height = (n: number | null | undefined): number | null => (n === null || n === undefined || n <= 0 ? null : n)
const text = (s: string | null | undefined): string | null => (s ? s : null)

function leg(role: ModelLeg['role'], chainId: number | null, chain: ChainDetail | null, name: string | null, hash: string | null, h: number | null, confirm: number | null, time: string | null): ModelLeg {
  return {
    role,
    chainId: chainId && chainId > 0 ? chainId : (chain?.chainId ?? null),
    chainName: chain?.chainName || name || null,
    hash: text(hash),
    height: height(h),
    confirmHeight: height(confirm),
    time,
    explorer: text(chain?.scanUrl),
    icon: text(chain?.chainImg),
    contract: text(chain?.contract?.trim()),
    rpc: text(chain?.rpc?.trim())
  }
}

/** The service's state number and its word: the dialect's own (its state table, with its sources), else none. */
function stateOf(dialect: Dialect, r: { state: number; origin?: { stateMeaning: string | null } | undefined }): Transfer['state'] {
  if (r.state === STATE_NOT_PROVIDED) return { number: null, word: null }
  const meaning = r.origin?.stateMeaning
  const word = descriptorOf(dialect).states[r.state]?.word ?? (meaning ? capitalised(meaning) : null)
  return { number: r.state, word }
}

type SentOf = Pick<TransferRecord, 'amount' | 'tokenAddress' | 'tokenObject' | 'origin'>
type ReceivedOf = Pick<TransferRecord, 'inAmount' | 'received' | 'state' | 'outcome' | 'transferinHash' | 'origin'>
type TimesOf = Pick<TransferRecord, 'timestamp' | 'createdAt' | 'updatedAt' | 'origin'>

/** What a record says was sent: its token and the amount in token units. */
export function sentOfRecord(r: SentOf): ModelAmount {
  const token: ModelToken | null = r.tokenObject
    ? { symbol: r.tokenObject.symbol, name: r.tokenObject.name || null, address: r.tokenObject.address || r.tokenAddress || null, decimals: r.tokenObject.decimal }
    : r.tokenAddress
      ? { symbol: null, address: r.tokenAddress, decimals: null }
      : null
  return amountOf(sentAmount(r), token, null)
}

/** What a record says was received: the token delivered (another one for a swap) and its amount, or why there is none. */
export function receivedOfRecord(r: ReceivedOf): ModelAmount {
  const got = r.received ? { symbol: r.received.symbol, address: r.received.address ?? null, decimals: r.received.decimals } : null
  return amountOf(receivedAmount(r), got, receivedMissing(outcomeOf(r), receivedKnown(r), !notProvided(r.origin, 'inAmount')))
}

/** When a record says it was sent and last updated, ISO 8601 in UTC. */
export function timesOfRecord(r: TimesOf): Transfer['times'] {
  return { sent: isoTime(r.timestamp) ?? isoTime(r.createdAt), updated: notProvided(r.origin, 'updatedAt') ? null : isoTime(r.updatedAt) }
}

/** Send → receipt of a record as the model reads it (transferDeliveryMs of its outcome and times). */
export function deliveryMsOfRecord(r: TimesOf & Pick<TransferRecord, 'state' | 'outcome'>): number | null {
  return transferDeliveryMs({ outcome: outcomeOf(r), times: timesOfRecord(r) })
}

/** A record's state as the model reads it: its number and word, and its outcome. */
export function stateOfRecord(r: Pick<TransferRecord, 'state' | 'outcome' | 'origin'>): Pick<Transfer, 'state' | 'outcome'> {
  return { state: stateOf(r.origin?.dialect ?? DEFAULT_DIALECT, r), outcome: outcomeOf(r) }
}

/** The model of one history record, as its dialect's decoder produced it. */
export function transferOfRecord(r: TransferRecord): Transfer {
  const times = timesOfRecord(r)
  const outcome = outcomeOf(r)
  return {
    version: TRANSFER_MODEL_VERSION,
    dialect: r.origin?.dialect ?? DEFAULT_DIALECT,
    hash: r.hash,
    id: notProvided(r.origin, 'id') ? null : r.id,
    orderId: notProvided(r.origin, 'orderId') ? null : orderIdText(r.orderId),
    sender: text(r.from),
    receiver: text(r.to),
    legs: {
      source: leg('source', r.fromChainid, r.fromChainObject, null, r.hash, r.height, r.confirmHeight, times.sent),
      relay: r.relayerChainid !== null || r.relayerHash ? leg('relay', r.relayerChainid, null, null, r.relayerHash, r.relayerHeight, r.relayerConfirmHeight, null) : null,
      destination: leg('destination', r.toChainid, r.toChainObject, null, r.transferinHash, r.transferinHeight, r.transferinConfirmHeight, outcome === 'delivered' ? times.updated : null)
    },
    sent: sentOfRecord(r),
    received: receivedOfRecord(r),
    fee: null,
    stable: r.stable ? { symbol: r.stable.symbol, value: exactAmount({ wire: r.stable.value, decimals: 0, symbol: null, unit: 'human' }) ?? r.stable.value } : null,
    state: stateOf(r.origin?.dialect ?? DEFAULT_DIALECT, r),
    outcome,
    type: notProvided(r.origin, 'type') ? null : r.type,
    times,
    notProvided: [...(r.origin?.notProvided ?? [])],
    issues: [...r.issues]
  }
}

/** A fee a dialect gives beside its transfer (Butter's, in human units of its own token). */
const feeSchema = z.object({ value: z.string(), symbol: z.string().nullable(), decimals: z.int().nullable().optional() })

/** The model of one transfer looked up by its hash, as its dialect's decoder produced it. */
export function transferOfDetail(d: TransferDetail): Transfer {
  const t = d.tokenObject
  // a placeholder the service does not provide (Bridge Scan's decimals) is no decimals at all
  const given = (n: number, field: string): number | null => (notProvided(d.origin, field) ? null : n)
  const sentToken: ModelToken = { symbol: t?.symbol ?? (d.coin || null), name: t?.name || null, address: t?.address ?? null, decimals: t?.decimal ?? given(d.fromDecimal, 'fromDecimal') }
  const receiveToken = d.receiveToken ?? null
  const gotToken: ModelToken = receiveToken
    ? { symbol: receiveToken.symbol, address: receiveToken.address ?? null, decimals: receiveToken.decimals }
    : { symbol: d.receiveSymbol ?? (d.coin || null), address: null, decimals: given(d.receiveDecimal, 'receiveDecimal') }
  const provided = !notProvided(d.origin, 'receiving') && !notProvided(d.origin, 'inAmount')
  const outcome = outcomeOf(d)
  // a receive transaction, or a delivered outcome: what `receiving` says is what arrived
  const arrived = !!d.transferInHash || outcome === 'delivered'
  const relay = relayerLeg(d)
  const extra = d as TransferDetail & { completeTime?: unknown; fee?: unknown; timestamp?: unknown }
  const sentTime = isoTime(d.times?.sent ?? (typeof extra.timestamp === 'string' ? extra.timestamp : null))
  const updated = isoTime(d.times?.updated ?? (typeof extra.completeTime === 'string' ? extra.completeTime : null))
  const fee = feeSchema.safeParse(extra.fee)
  return {
    version: TRANSFER_MODEL_VERSION,
    dialect: d.origin?.dialect ?? DEFAULT_DIALECT,
    hash: d.fromHash,
    id: null,
    orderId: null,
    sender: text(d.from),
    receiver: text(d.to),
    legs: {
      source: leg('source', d.fromChainId, d.fromChainObject, d.fromChainName, d.fromHash, d.fromHeight, d.confirmHeight, sentTime),
      relay: relay ? leg('relay', relay.chainId, relay.chain, relay.chainName, relay.hash, relay.height, relay.confirmHeight, null) : null,
      destination: leg('destination', d.toChainId, d.toChainObject, d.toChainName, d.transferInHash, d.transferInHeight, d.transferInConfirmHeight, outcome === 'delivered' ? updated : null)
    },
    sent: amountOf(detailSentAmount(d), sentToken, null),
    received: amountOf(detailReceivedAmount(d), gotToken, receivedMissing(outcome, arrived, provided)),
    fee: fee.success
      ? amountOf({ wire: fee.data.value, decimals: fee.data.decimals ?? null, symbol: fee.data.symbol, unit: 'human' }, { symbol: fee.data.symbol, address: null, decimals: fee.data.decimals ?? null }, null)
      : null,
    stable: null,
    state: stateOf(d.origin?.dialect ?? DEFAULT_DIALECT, d),
    outcome,
    type: notProvided(d.origin, 'type') ? null : d.type,
    times: { sent: sentTime, updated },
    notProvided: [...(d.origin?.notProvided ?? [])],
    issues: [...d.issues]
  }
}

/**
 * Send → receipt in ms: the last update − sent, only for a delivered transfer (its last update is when it arrived);
 * null when it has not arrived or its times are missing or out of order.
 */
export function transferDeliveryMs(t: Pick<Transfer, 'outcome' | 'times'>): number | null {
  if (t.outcome !== 'delivered' || t.times.sent === null || t.times.updated === null) return null
  const sent = Date.parse(t.times.sent)
  const updated = Date.parse(t.times.updated)
  return !Number.isNaN(sent) && !Number.isNaN(updated) && updated >= sent ? updated - sent : null
}

/**
 * The word beside a state number: the user's label (Settings → Labels), else the service's word, else its
 * outcome's ("Processing" for one in flight, as MAP's front-end says; "Unknown" for a number no source names);
 * null when the service sends no state.
 */
export function transferStateLabel(t: Pick<Transfer, 'state' | 'outcome'>, labels: Readonly<Record<string, string>> | undefined): string | null {
  const n = t.state.number
  if (n === null) return null
  return labels?.[String(n)] || t.state.word || (t.outcome === 'in-flight' ? OTHER_STATE_LABEL : OUTCOME_WORDS[t.outcome])
}

/** "Complete (1)": the state's word (transferStateLabel) and its number; "State not provided by this service" without one. */
export function transferStateText(t: Pick<Transfer, 'state' | 'outcome'>, labels: Readonly<Record<string, string>> | undefined): string {
  const label = transferStateLabel(t, labels)
  return label === null ? `State ${NOT_PROVIDED}` : `${label} (${t.state.number})`
}

/** "1,500.25 USDC", "12345 (raw)" where the decimals are unknown, else why there is none. */
export function amountWords(a: ModelAmount, opts: { symbol?: boolean; grouping?: boolean } = {}): string {
  const symbol = opts.symbol && a.token?.symbol ? ` ${a.token.symbol}` : ''
  if (a.value !== null) return `${formatDecimal(a.value, opts.grouping === false ? { grouping: false } : {})}${symbol}`
  if (a.wire !== null) return `${a.wire} (raw)`
  return a.missing ?? MISSING.unknown
}

/** The received amount as a row writes it, naming its token where it is not the one sent (a swap: "1,500 USDC"). */
export function receivedWords(t: Pick<Transfer, 'sent' | 'received'>): string {
  const symbol = t.received.token?.symbol
  return amountWords(t.received, { symbol: !!symbol && symbol !== t.sent.token?.symbol && t.received.value !== null })
}

/** True when the service does not provide `field` (its own name for it): shown as not provided, never guessed. */
export function lacksField(t: Pick<Transfer, 'notProvided'>, field: string): boolean {
  return t.notProvided.includes(field)
}

/** Still on its way: in flight with nothing known to have arrived. The one rule the views, the stuck mark and the watcher read. */
export function isAwaited(t: Pick<Transfer, 'received'>): boolean {
  return t.received.missing === MISSING.notYet
}

/** The route a transfer takes as thresholds key it ("1-56"), and as a person reads it ("Ethereum → BNB Chain"). */
export function routeOf(t: Pick<Transfer, 'legs'>): { key: string; words: string } {
  const { source, destination } = t.legs
  const name = (l: ModelLeg): string => l.chainName ?? (l.chainId === null ? '?' : `chain ${l.chainId}`)
  return { key: `${source.chainId ?? '?'}-${destination.chainId ?? '?'}`, words: `${name(source)} → ${name(destination)}` }
}
