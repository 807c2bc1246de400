// Butter's swap-data API (the dialect "butter") → the one normalized transfer, chain list and token list.
//
// Source: `butternetwork/docs`, folder `butterswap/butter-api-for-swap-data/`, commit 876963945cecb205325ac7aba2f9767d68ee0f56
// (its examples are test/fixtures/butter, with what they show in SOURCES.md there), and Butter's SDK
// (`butternetwork/butter-packages`, packages/butter-sdk/src/types/response.ts, commit 195d65bb884c730d92657e2eab903f622eac7d51),
// which types a crossing transfer's destination hash, height, token, inAmount and completeTime as nullable.
//
// Amounts are the trap: for one transfer the history sends `amount` in RAW smallest units (an integer past
// 2^53), the order-id page a HUMAN-unit JSON float, the source-hash page a HUMAN-unit string with six
// fractional digits. Each arrives as the digits sent (a history page by the quick way below, anything else by
// the lossless parse, lossless-json.ts); the record's `origin`
// says which unit they are in (src/shared/schemas/origin.ts) and src/shared/amounts.ts reads them accordingly.
// What Butter does not send (confirm heights, contracts, a USD value, the transfer type of a single answer)
// is listed in `origin.notProvided`, never made up.
import { z } from 'zod'
import type { ChainDetail, ChainRecord, TokenDetail, HistoryPage, TokenList, TokenRecord, TransferDetail, TransferRecord } from '@shared/schemas/wire'
import type { TransferOrigin } from '@shared/schemas/origin'
import { anyTime, butterTokenSchema, chainDetail, chainDetailOf, chainIdText, destinationLegOf, envelopeData, exactAmount, decimalsSchema, heightSchema, judge, legChainSchema, namesChain, requiredChainOf, tokenDetail, tokenDetailOf, type ButterToken } from '../dialect-common'
import { SPAN_AMOUNT, SPAN_DIGITS, SPAN_IN_AMOUNT, SPAN_KEY, SPAN_RECEIVE_AMOUNT, findAmountKeys, forgetLastMatch, keepShapes, plainMembers, plainValue, quickEnvelope, spanKeyIs, spanText, walkComplete, type Walk } from '../amount-search'
import { isAmountKey, isPlainObject } from '../lossless-json'
import { MAX_DECIMAL_DIGITS } from '@shared/schemas/wire'
import { BUTTER_STATES } from './states'
import { outcomeOfState } from '../states'


const HISTORY_NOT_PROVIDED = [
  'contract',
  'confirmHeight',
  'relayerSendHash',
  'relayerSendHeight',
  'relayerContract',
  'relayerConfirmHeight',
  'transferinContract',
  'transferinSendHash',
  'transferinSendHeight',
  'transferinConfirmHeight',
  'stable',
  'tokenObject.isMint',
  'tokenObject.tokenId'
]
/**
 * What a history record does not carry, by whether it lacks its type and its completion: a transfer still
 * crossing has no completion time, and Butter gives no other update time, so its last update is not provided
 * rather than blank. Made once: every record of a page shares its list.
 */
const HISTORY_NOT_PROVIDED_TYPE = [...HISTORY_NOT_PROVIDED, 'type']
const HISTORY_NOT_PROVIDED_UPDATE = [...HISTORY_NOT_PROVIDED, 'updatedAt']
const HISTORY_NOT_PROVIDED_BOTH = [...HISTORY_NOT_PROVIDED, 'type', 'updatedAt']
function historyNotProvided(typeMissing: boolean, uncompleted: boolean): string[] {
  if (typeMissing) return uncompleted ? HISTORY_NOT_PROVIDED_BOTH : HISTORY_NOT_PROVIDED_TYPE
  return uncompleted ? HISTORY_NOT_PROVIDED_UPDATE : HISTORY_NOT_PROVIDED
}
const DETAIL_NOT_PROVIDED = [
  'type',
  'fromHeight',
  'relayerHeight',
  'transferInHeight',
  'confirmHeight',
  'relayerConfirmHeight',
  'transferInConfirmHeight',
  'tokenObject.isMint',
  'tokenObject.tokenId'
]

export const butterHistoryRecordSchema = z.object({
  id: z.int(),
  sourceAddress: z.string(),
  destinationAddress: z.string(),
  fromChainId: chainIdText,
  toChainId: chainIdText,
  sourceHash: z.string(),
  sourceHeight: heightSchema,
  destinationHash: z.string().nullable().optional(),
  destinationHeight: heightSchema.nullable().optional(),
  orderId: z.string(),
  sourceTokenAddress: z.string(),
  destinationTokenAddress: z.string().nullable().optional(),
  amount: exactAmount,
  type: z.int().optional(),
  state: z.int(),
  timestamp: anyTime,
  completeTime: anyTime.nullable().optional(),
  inAmount: exactAmount.nullable().optional(),
  sourceChain: legChainSchema,
  destinationChain: legChainSchema.nullable().optional(),
  sourceToken: butterTokenSchema,
  destinationToken: butterTokenSchema.nullable().optional(),
  // not in the docs' table; Butter's SDK types them (nullable)
  relayerChainId: chainIdText.nullable().optional(),
  relayerHash: z.string().nullable().optional(),
  relayerHeight: heightSchema.nullable().optional(),
  // What the user received, in the token received: raw smallest units, as Butter's widget reads them
  // (`formatUnits(BigInt(data.receiveAmount), data.receiveTokenDict?.decimal)`, butternetwork/butter-packages@
  // 30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:packages/butter-widget/src/components/history-main-card/history-item.tsx;
  // the SDK types both, response.ts `SwapHistory`). `inAmount` is the bridge's token on the destination chain,
  // which for a swap is not what arrived.
  receiveAmount: exactAmount.nullable().optional(),
  receiveTokenDict: butterTokenSchema.nullable().optional()
})

const butterHistoryPageSchema = z.object({ list: z.array(z.unknown()), total: z.int().nonnegative() })
/** checked once per record of every page: zod's compiled fast path, same verdicts and errors, ~3× cheaper */
const compiledRecordSchema = z.compile(butterHistoryRecordSchema)

function origin(amountUnit: 'raw' | 'human', inAmountKnown: boolean, state: number, notProvided: string[]): TransferOrigin {
  return { dialect: 'butter', amount: amountUnit, inAmount: inAmountKnown ? amountUnit : 'absent', stateMeaning: BUTTER_STATES[state]?.word ?? null, notProvided }
}

/** One history record (queryBridgeHistoryByAddress) as the normalized transfer. */
export function butterHistoryRecord(raw: unknown, index = 0): TransferRecord {
  const op = 'queryBridgeHistoryByAddress'
  const r = judge(compiledRecordSchema, raw, op, `record ${index}`)
  return transferOf({
    ...r,
    sourceChain: requiredChainOf(r.sourceChain, op, `record ${index}`, 'sourceChain', null, r.fromChainId),
    destinationChain: r.destinationChain && namesChain(r.destinationChain) ? chainDetailOf(r.destinationChain, null, r.toChainId) : null,
    sourceToken: tokenDetailOf(r.sourceToken),
    destinationToken: r.destinationToken ? tokenDetailOf(r.destinationToken) : null,
    receiveTokenDict: r.receiveTokenDict ? tokenDetailOf(r.receiveTokenDict) : null
  })
}

/** A checked record, its chains and tokens already the app's details (as both ways have them). */
type HistoryFields = Omit<z.output<typeof butterHistoryRecordSchema>, 'sourceChain' | 'destinationChain' | 'sourceToken' | 'destinationToken' | 'receiveTokenDict'> & {
  sourceChain: ChainDetail
  destinationChain: ChainDetail | null
  sourceToken: TokenDetail
  destinationToken: TokenDetail | null
  receiveTokenDict: TokenDetail | null
}

/** The token a received amount is counted in, as a record carries it. */
function receivedOf(t: TokenDetail | null): TransferRecord['received'] {
  return t ? { decimals: t.decimal, symbol: t.symbol, address: t.address } : null
}

function transferOf(r: HistoryFields): TransferRecord {
  // The amount received and its token: `receiveAmount` in `receiveTokenDict` where Butter sends it (as its
  // widget shows it), else the docs' `inAmount` in `destinationToken`, never one with the other's token.
  const receive = r.receiveAmount ?? null
  const inAmount = receive ?? r.inAmount ?? null
  const dest = receive !== null ? r.receiveTokenDict : (r.destinationToken ?? null)
  const leg = destinationLegOf(r.destinationHash, r.destinationHeight)
  return {
    id: r.id,
    chain: r.sourceChain.chainName,
    fromChainid: r.fromChainId,
    toChainid: r.toChainId,
    contract: '',
    from: r.sourceAddress,
    to: r.destinationAddress,
    tokenAddress: r.sourceTokenAddress,
    amount: r.amount,
    inAmount: inAmount ?? '0',
    orderId: r.orderId,
    hash: r.sourceHash,
    height: r.sourceHeight,
    confirmHeight: 0,
    relayerSendHash: null,
    relayerSendHeight: null,
    relayerChainid: r.relayerChainId ?? null,
    relayerHash: r.relayerHash ?? null,
    relayerHeight: r.relayerHeight ?? null,
    relayerContract: null,
    relayerConfirmHeight: null,
    state: r.state,
    type: r.type ?? 0,
    timestamp: r.timestamp,
    createdAt: r.timestamp,
    // The last update of a completed transfer is its completion, which is what the app reads updatedAt for.
    updatedAt: r.completeTime ?? '',
    // Written out rather than spread: a literal with a spread in it is built member by member, and this
    // one is built for every record of every page.
    transferinHash: leg.transferinHash,
    transferinHeight: leg.transferinHeight,
    transferinContract: leg.transferinContract,
    transferinSendHash: leg.transferinSendHash,
    transferinConfirmHeight: leg.transferinConfirmHeight,
    transferinSendHeight: leg.transferinSendHeight,
    fromChainObject: r.sourceChain,
    toChainObject: r.destinationChain,
    tokenObject: r.sourceToken,
    stable: null,
    issues: [],
    received: receivedOf(dest),
    origin: origin('raw', inAmount !== null, r.state, historyNotProvided(r.type === undefined, !r.completeTime)),
    outcome: outcomeOfState('butter', r.state, leg.transferinHash)
  }
}

/** A queryBridgeHistoryByAddress answer's data → a history page of normalized transfers. */
export function decodeButterHistory(data: unknown): HistoryPage {
  const page = judge(butterHistoryPageSchema, data, 'queryBridgeHistoryByAddress', 'the page')
  return { list: page.list.map((r, i) => butterHistoryRecord(r, i)), total: page.total }
}

/** Nesting depth of a record in the body: {data: {list: [ {record} ]}}. */
const RECORD_DEPTH = 4

/**
 * A history page by the quick way, or null when the exact path must decide (it then also gives any error).
 * The same idea as the original dialect's quickHistoryPage (decode.ts): JSON.parse reads the body as it is,
 * and `amount` / `inAmount` get back the digits they were written with from the key search
 * (amount-search.ts); a raw amount past 2^53 never passes through a binary64 value of its own. Every member
 * of every record is read, once, by quickRecord (Butter's records nest their chains and tokens as objects,
 * whose unknown members zod would drop unseen): a number JSON.parse may have rounded, an amount key anywhere
 * but a record's own members, a `__proto__` key, nesting past MAX_DEPTH, a container a repeated key dropped
 * (the text holds more `{` and `[` than the walk met: findAmountKeys) or an amount number the search did not
 * find makes it stand aside. So does a record zod's schema refuses: the exact path then names the record and
 * field. The search goes by the amount keys' names, not over every key: stopping at every key's colon was
 * twice the cost of the search by name and kept butter_decode_vs_native_100 at its goal rather than clear of it.
 */
export function quickButterHistory(text: string): HistoryPage | null {
  const start = quickEnvelope(text, findAmountKeys)
  if (start === null) return null
  const { data, walk } = start
  if (!isPlainObject(data) || !Array.isArray(data.list) || !plainMembers(data, 2, 'list', walk)) return null
  // data and its list: plainMembers counts only the containers inside the members it reads
  walk.containers += 2
  const total = data.total
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) return null
  const list = new Array<TransferRecord>(data.list.length)
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = data.list[i]
    if (!isPlainObject(raw)) return null
    const record = quickRecord(raw, walk)
    if (record === null) return null
    list[i] = record
  }
  if (!walkComplete(walk)) return null
  keepShapes('queryBridgeHistoryByAddress', start.body, data.list)
  forgetLastMatch()
  return { list, total }
}


/** The field's zod schema on a value the look at sight did not vouch for: its output, or undefined when refused. */
function byField<S extends z.ZodType>(schema: S, v: unknown): z.output<S> | undefined {
  const r = schema.safeParse(v)
  return r.success ? r.data : undefined
}

function isNatural(v: unknown): v is number {
  return Number.isSafeInteger(v) && (v as number) >= 0
}

/** chainIdText at sight: a safe whole number, or up to 16 ASCII digits JavaScript holds exactly. */
function chainIdOf(v: unknown): number | undefined {
  if (isNatural(v)) return v
  if (typeof v === 'string' && v.length >= 1 && v.length <= 16) {
    // The value built from the digits as they are read: Number(v) is a call into the runtime.
    let n = 0
    let i = 0
    for (; i < v.length; i++) {
      const c = v.charCodeAt(i)
      if (!isDigitCode(c)) break
      n = n * 10 + (c - 48)
    }
    if (i === v.length && Number.isSafeInteger(n)) return n
  }
  return byField(chainIdText, v)
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57
}

/**
 * 'yyyy-MM-dd HH:mm:ss' (anyTime's first form, returned as it is). A regular expression: V8 compiles it to
 * machine code, and it measured faster than reading the characters one by one (0.40 against 0.70 ms for 20,000).
 */
const WIRE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/

function timeOf(v: unknown): string | undefined {
  if (typeof v === 'string' && WIRE_TIME.test(v)) return v
  return byField(anyTime, v)
}

/** exactAmount at sight: digits with at most one fraction, no longer than MAX_DECIMAL_DIGITS. */
function amountOf(v: unknown): string | undefined {
  if (typeof v === 'string' && v.length > 0 && v.length <= MAX_DECIMAL_DIGITS) {
    let i = v.charCodeAt(0) === 45 ? 1 : 0
    const first = i
    while (i < v.length && isDigitCode(v.charCodeAt(i))) i++
    if (i > first && i < v.length && v.charCodeAt(i) === 46) {
      const f = ++i
      while (i < v.length && isDigitCode(v.charCodeAt(i))) i++
      if (i === f) i = -1
    }
    if (i === v.length && i > first) return v
  }
  return byField(exactAmount, v)
}

const ABSENT = undefined
/** A nullable field: null as null, else `of`'s look; undefined when refused. */
function orNull<T>(v: unknown, of: (v: unknown) => T | undefined): T | null | undefined {
  return v === null ? null : of(v)
}
const stringOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : ABSENT)
const naturalOf = (v: unknown): number | undefined => (isNatural(v) ? v : ABSENT)

/**
 * A member the schema does not name, read as the walk reads it: a number under an amount key takes its text
 * from the search (and is then dropped, as zod drops unknown members) at the record's own level only.
 */
function otherMember(k: string, v: unknown, depth: number, ownAmounts: boolean, walk: Walk): boolean {
  if (k === '__proto__') return false
  if (typeof v === 'number') {
    if (!isAmountKey(k)) return Number.isSafeInteger(v)
    if (!ownAmounts) return false
    return takeSpan(k, walk) !== undefined
  }
  return plainValue(v, depth + 1, walk)
}

/** The next amount's text, when the search found it under `key`. */
function takeSpan(key: string, walk: Walk): string | undefined {
  if (walk.next >= walk.spans.starts.length || !spanKeyIs(walk.spans, walk.next, key)) return undefined
  return spanText(walk.spans, walk.next++)
}

/**
 * A record member's amount (`kind`: SPAN_AMOUNT or SPAN_IN_AMOUNT): a number takes the text the search found
 * under that key, when the next span is one; a string is read as text.
 */
function memberAmount(kind: number, v: unknown, walk: Walk): string | undefined {
  if (typeof v !== 'number') return amountOf(v)
  const spans = walk.spans
  const i = walk.next
  if (i >= spans.starts.length) return undefined
  const found = spans.kinds[i] as number
  if ((found & SPAN_KEY) !== kind) return undefined
  walk.next = i + 1
  const t = spans.text.slice(spans.starts[i], spans.ends[i])
  // Digits alone as the search saw them: what amountOf would give, without reading them again.
  return (found & SPAN_DIGITS) !== 0 && t.length <= MAX_DECIMAL_DIGITS ? t : amountOf(t)
}

/** How many members an object has: more than the schema names means some are walked one by one. */
function memberCount(v: object): number {
  let n = 0
  for (const _k in v) n++
  return n
}

/**
 * The members of `v` other than the `named` ones, in their order, read as the walk reads them (none of them
 * may be an amount number: those are a record's own, see quickRecord).
 */
function otherMembers(v: Record<string, unknown>, named: ReadonlySet<string>, depth: number, walk: Walk): boolean {
  for (const k in v) if (!named.has(k) && !otherMember(k, v[k], depth, false, walk)) return false
  return true
}

const LEG_MEMBERS: ReadonlySet<string> = new Set(['id', 'chainId', 'chainName', 'scanUrl', 'chainImg', 'mosContract'])

/**
 * legChainSchema at sight, its unknown members walked; null: refused. The schema's members are read by name
 * (one shape for every object JSON.parse made alike), then counted: only an object holding more than those
 * is walked member by member.
 */
function quickLeg(v: unknown, depth: number, walk: Walk): ChainDetail | null {
  if (!isPlainObject(v)) return null
  const chainId = chainIdOf(v.chainId)
  const chainName = stringOf(v.chainName)
  const scanUrl = stringOf(v.scanUrl)
  if (chainId === undefined || chainName === undefined || scanUrl === undefined) return null
  let named = 3
  let id: number | undefined
  const vId = v.id
  if (vId !== undefined) {
    named++
    // null and every other spelling: the exact path decides
    if ((id = Number.isSafeInteger(vId) ? (vId as number) : ABSENT) === undefined) return null
  }
  let chainImg: string | null | undefined
  if (v.chainImg !== undefined) {
    named++
    if ((chainImg = orNull(v.chainImg, stringOf)) === undefined) return null
  }
  let mosContract: string | null | undefined
  if (v.mosContract !== undefined) {
    named++
    if ((mosContract = orNull(v.mosContract, stringOf)) === undefined) return null
  }
  const members = memberCount(v)
  walk.containers++
  if (members !== named && !otherMembers(v, LEG_MEMBERS, depth, walk)) return null
  return chainDetail(id, chainId, chainName, scanUrl, chainImg, mosContract)
}

/**
 * A chain object of nulls only (a destination not known yet, as Butter's SDK types it): no chain, as the exact
 * path reads it (namesChain); nothing in it for the walk but the object itself.
 */
function isNullChain(v: unknown): boolean {
  if (!isPlainObject(v)) return false
  for (const k in v) if (v[k] !== null || !LEG_MEMBERS.has(k)) return false
  return true
}

/**
 * The token members read by name: the schema's, and isMainCurrency, which every token of Butter's examples
 * carries (test/fixtures/butter) and the app does not use: read as the walk reads a member it does not know.
 */
const TOKEN_MEMBERS: ReadonlySet<string> = new Set(['id', 'chainId', 'address', 'name', 'symbol', 'decimal', 'icon', 'isMainCurrency'])

/** butterTokenSchema at sight, read as quickLeg reads a chain; null: refused. */
function quickToken(v: unknown, depth: number, walk: Walk): TokenDetail | null {
  // `decimals` beside or instead of `decimal`: the exact path decides which is read
  if (!isPlainObject(v) || v.decimals !== undefined) return null
  const chainId = chainIdOf(v.chainId)
  const address = stringOf(v.address)
  const name = stringOf(v.name)
  const symbol = stringOf(v.symbol)
  const vDecimal = v.decimal
  // decimals as digits, or spelled `decimals`: the exact path decides
  const decimal = isNatural(vDecimal) && vDecimal <= 255 ? vDecimal : ABSENT
  if (chainId === undefined || address === undefined || name === undefined || symbol === undefined || decimal === undefined) return null
  let named = 5
  let id: number | undefined
  const vId = v.id
  if (vId !== undefined) {
    named++
    if ((id = Number.isSafeInteger(vId) ? (vId as number) : ABSENT) === undefined) return null
  }
  let icon: string | null | undefined
  if (v.icon !== undefined) {
    named++
    if ((icon = orNull(v.icon, stringOf)) === undefined) return null
  }
  const vMain = v.isMainCurrency
  if (vMain !== undefined) {
    named++
    // Not an amount key: a safe integer, or whatever else the walk reads.
    if (typeof vMain === 'number' ? !Number.isSafeInteger(vMain) : !plainValue(vMain, depth + 1, walk)) return null
  }
  const members = memberCount(v)
  walk.containers++
  if (members !== named && !otherMembers(v, TOKEN_MEMBERS, depth, walk)) return null
  return tokenDetail(id, chainId, address, name, symbol, decimal, icon)
}

const RECORD_MEMBERS: ReadonlySet<string> = new Set(butterHistoryRecordSchema.keyof().options)

/**
 * The quick way's check of one record, with the normalized transfer built from what it read: zod's record
 * schema (butterHistoryRecordSchema) copied every record through its transforms, and the walk read every
 * member a second time. Each field has a look at sight for what Butter sends (a string, a safe integer, a
 * "yyyy-MM-dd HH:mm:ss" time, an amount's plain digits); anything else goes to that field's own zod schema,
 * so a record passes here exactly when zod's record schema passes it, with the same values
 * (test/unit/main/client/butter-quick-history.test.ts holds the two to it). The schema's members are read by
 * name, its chains and tokens likewise; members it does not name are read as the walk reads them
 * (amount-search.ts), in their order, so that amount numbers take the search's texts in the text's order.
 * null: the exact path decides, and names the record and field when it refuses.
 *
 * The optional members are read one by one, written out: folded into one helper taking each member's look
 * (absent, its value, or refused) it measured ~3 % slower over 10,000 records (the two side by side in one
 * process, 30 rounds: fastest 50.3 against 48.8 ms), and this is the decode butter_decode_vs_native_100 holds.
 */
function quickRecord(raw: Record<string, unknown>, walk: Walk): TransferRecord | null {
  const depth = RECORD_DEPTH
  const vId = raw.id
  const id = Number.isSafeInteger(vId) ? (vId as number) : ABSENT
  const sourceAddress = stringOf(raw.sourceAddress)
  const destinationAddress = stringOf(raw.destinationAddress)
  const fromChainId = chainIdOf(raw.fromChainId)
  const toChainId = chainIdOf(raw.toChainId)
  const sourceHash = stringOf(raw.sourceHash)
  const sourceHeight = naturalOf(raw.sourceHeight)
  const orderId = stringOf(raw.orderId)
  const sourceTokenAddress = stringOf(raw.sourceTokenAddress)
  const vState = raw.state
  const state = Number.isSafeInteger(vState) ? (vState as number) : ABSENT
  const timestamp = timeOf(raw.timestamp)
  if (
    id === undefined ||
    sourceAddress === undefined ||
    destinationAddress === undefined ||
    fromChainId === undefined ||
    toChainId === undefined ||
    sourceHash === undefined ||
    sourceHeight === undefined ||
    orderId === undefined ||
    sourceTokenAddress === undefined ||
    state === undefined ||
    timestamp === undefined
  ) {
    return null
  }
  const sourceChain = quickLeg(raw.sourceChain, depth + 1, walk)
  const sourceToken = quickToken(raw.sourceToken, depth + 1, walk)
  if (sourceChain === null || sourceToken === null) return null
  // amount, sourceChain, sourceToken and the eleven above
  let named = 14
  let destinationHash: string | null | undefined
  if (raw.destinationHash !== undefined) {
    named++
    if ((destinationHash = orNull(raw.destinationHash, stringOf)) === undefined) return null
  }
  let destinationHeight: number | null | undefined
  if (raw.destinationHeight !== undefined) {
    named++
    if ((destinationHeight = orNull(raw.destinationHeight, naturalOf)) === undefined) return null
  }
  const vDestinationTokenAddress = raw.destinationTokenAddress
  if (vDestinationTokenAddress !== undefined) {
    named++
    if (vDestinationTokenAddress !== null && typeof vDestinationTokenAddress !== 'string') return null
  }
  let type: number | undefined
  const vType = raw.type
  if (vType !== undefined) {
    named++
    if ((type = Number.isSafeInteger(vType) ? (vType as number) : ABSENT) === undefined) return null
  }
  let completeTime: string | null | undefined
  if (raw.completeTime !== undefined) {
    named++
    if ((completeTime = orNull(raw.completeTime, timeOf)) === undefined) return null
  }
  let destinationChain: ChainDetail | null = null
  const vDestinationChain = raw.destinationChain
  if (vDestinationChain !== undefined) {
    named++
    if (isNullChain(vDestinationChain)) walk.containers++
    else if (vDestinationChain !== null && (destinationChain = quickLeg(vDestinationChain, depth + 1, walk)) === null) return null
  }
  let destinationToken: TokenDetail | null = null
  const vDestinationToken = raw.destinationToken
  if (vDestinationToken !== undefined) {
    named++
    if (vDestinationToken !== null && (destinationToken = quickToken(vDestinationToken, depth + 1, walk)) === null) return null
  }
  let relayerChainId: number | null | undefined
  if (raw.relayerChainId !== undefined) {
    named++
    if ((relayerChainId = orNull(raw.relayerChainId, chainIdOf)) === undefined) return null
  }
  let relayerHash: string | null | undefined
  if (raw.relayerHash !== undefined) {
    named++
    if ((relayerHash = orNull(raw.relayerHash, stringOf)) === undefined) return null
  }
  let relayerHeight: number | null | undefined
  if (raw.relayerHeight !== undefined) {
    named++
    if ((relayerHeight = orNull(raw.relayerHeight, naturalOf)) === undefined) return null
  }
  const vReceive = raw.receiveAmount
  if (vReceive !== undefined) named++
  let receiveAmount: string | null | undefined = vReceive === null ? null : ABSENT
  let receiveTokenDict: TokenDetail | null = null
  const vReceiveToken = raw.receiveTokenDict
  if (vReceiveToken !== undefined) {
    named++
    if (vReceiveToken !== null && (receiveTokenDict = quickToken(vReceiveToken, depth + 1, walk)) === null) return null
  }
  const vAmount = raw.amount
  const vInAmount = raw.inAmount
  if (vInAmount !== undefined) named++
  let amount: string | undefined
  let inAmount: string | null | undefined = vInAmount === null ? null : ABSENT
  const members = memberCount(raw)
  walk.containers++
  if (members === named) {
    // Only the schema's members: the record's amount numbers are its only spans, in the text's order, each
    // span's key telling whose it is; amounts written as text are read as text.
    let numbers = (typeof vAmount === 'number' ? 1 : 0) + (typeof vInAmount === 'number' ? 1 : 0) + (typeof vReceive === 'number' ? 1 : 0)
    for (; numbers > 0; numbers--) {
      const kind = (walk.spans.kinds[walk.next] ?? 0) & SPAN_KEY
      if (kind === SPAN_AMOUNT && amount === undefined && typeof vAmount === 'number') {
        if ((amount = memberAmount(SPAN_AMOUNT, vAmount, walk)) === undefined) return null
      } else if (kind === SPAN_IN_AMOUNT && inAmount === undefined && typeof vInAmount === 'number') {
        if ((inAmount = memberAmount(SPAN_IN_AMOUNT, vInAmount, walk)) === undefined) return null
      } else if (kind === SPAN_RECEIVE_AMOUNT && receiveAmount === undefined && typeof vReceive === 'number') {
        if ((receiveAmount = memberAmount(SPAN_RECEIVE_AMOUNT, vReceive, walk)) === undefined) return null
      } else return null
    }
    if (amount === undefined && (amount = amountOf(vAmount)) === undefined) return null
    if (inAmount === undefined && vInAmount !== undefined && (inAmount = amountOf(vInAmount)) === undefined) return null
    if (receiveAmount === undefined && vReceive !== undefined && (receiveAmount = amountOf(vReceive)) === undefined) return null
  } else {
    for (const k in raw) {
      const v = raw[k]
      if (k === 'amount') {
        if ((amount = memberAmount(SPAN_AMOUNT, v, walk)) === undefined) return null
      } else if (k === 'inAmount') {
        if (v !== null && (inAmount = memberAmount(SPAN_IN_AMOUNT, v, walk)) === undefined) return null
      } else if (k === 'receiveAmount') {
        if (v !== null && (receiveAmount = memberAmount(SPAN_RECEIVE_AMOUNT, v, walk)) === undefined) return null
      } else if (!RECORD_MEMBERS.has(k) && !otherMember(k, v, depth, true, walk)) return null
    }
    if (amount === undefined) return null
  }
  return transferOf({
    id,
    sourceAddress,
    destinationAddress,
    fromChainId,
    toChainId,
    sourceHash,
    sourceHeight,
    destinationHash,
    destinationHeight,
    orderId,
    sourceTokenAddress,
    amount,
    type,
    state,
    timestamp,
    completeTime,
    inAmount,
    sourceChain,
    destinationChain,
    sourceToken,
    destinationToken,
    relayerChainId,
    relayerHash,
    relayerHeight,
    receiveAmount,
    receiveTokenDict
  })
}

/**
 * A queryBridgeHistoryByAddress answer from its body text: the quick way, or the lossless parse and the envelope.
 *
 * Its cost is held by butter_decode_vs_native_100 (this ÷ JSON.parse of the same pages, goal and budget ≤ 1.5;
 * method and last accepted value in docs/performance.md, "The figures, their references and budgets"). Why it
 * is written as it is: zod parsing each record (a copy through its transforms) after a walk over every member
 * cost four to five times JSON.parse, so quickRecord reads every member once and builds the transfer and its
 * details from what it read, the transfer written as one literal; members are read by the kind of key the
 * search found rather than by a string switch per member; the last page's shapes are kept (keepShapes), so a
 * full collection does not throw away the optimised code with the page it was specialised to. What is left is
 * mostly JSON.parse itself and the search for the amounts' keys. The measurements that led
 * here are in docs/performance-log/2026-11-27.md and 2026-11-28.md.
 */
export function decodeButterHistoryBody(text: string, operation: string, status = 200, contentType: string | null = 'application/json'): HistoryPage {
  return quickButterHistory(text) ?? decodeButterHistory(envelopeData(text, operation, status, contentType))
}

/**
 * The single-transfer answer (queryBridgeInfoBySourceHash, queryCrossInfoByOrderId). The source-hash page's
 * field table says `fromToken`/`receiveToken` while its example and the order-id page send
 * `sourceToken`/`destinationToken`; the receive amount is `receiveAmount` on one page and `inAmount` on the
 * other. Either spelling is read; a token must come under one of them.
 *
 * What arrived is `receiveAmount` in `receiveToken` (human units: the widget writes `fixToSix(receiveAmount)
 * receiveToken.symbol`, butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:packages/butter-widget/src/hooks/
 * history/useSwapHistoryInfo.ts); `inAmount` in `destinationToken` is the bridge's token, read only when no
 * receive amount is sent. `toChain` is null while a transfer crosses: the widget draws the destination step only
 * `if (data.toChain)` (the same file), and shapeshift/web reads `toHash ?? undefined`
 * (shapeshift/web@00b8f63fe2e7ad44cbed658beee19fbe7a3eb3c9:packages/swapper/src/swappers/ButterSwap/swapperApi/checkTradeStatus.ts).
 */
export const butterInfoSchema = z
  .object({
    fromChain: legChainSchema,
    relayerChain: legChainSchema.nullable().optional(),
    toChain: legChainSchema.nullable().optional(),
    tokenAddress: z.string().nullable().optional(),
    tokenSymbol: z.string().nullable().optional(),
    timestamp: anyTime,
    completeTime: anyTime.nullable().optional(),
    amount: exactAmount,
    inAmount: exactAmount.nullable().optional(),
    receiveAmount: exactAmount.nullable().optional(),
    fee: z.string().nullable().optional(),
    state: z.int(),
    sourceHash: z.string(),
    relayerHash: z.string().nullable().optional(),
    toHash: z.string().nullable().optional(),
    sourceAddress: z.string(),
    toAddress: z.string().nullable().optional(),
    fromTokenDecimal: z.int().min(0).max(255).nullable().optional(),
    sourceToken: butterTokenSchema.nullable().optional(),
    fromToken: butterTokenSchema.nullable().optional(),
    destinationToken: butterTokenSchema.nullable().optional(),
    receiveToken: butterTokenSchema.nullable().optional(),
    feeToken: butterTokenSchema.nullable().optional()
  })
  .refine((i) => (i.sourceToken ?? i.fromToken) != null, { message: 'a source token (sourceToken or fromToken)', path: ['sourceToken'] })

const infoEnvelopeSchema = z.object({ info: z.unknown() })

/** "0.793967907953388772USDT" → its value (human units) and the symbol glued to it. */
export function splitFee(text: string): { value: string; symbol: string | null } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*([^\d\s.-][^\s]*)?\s*$/.exec(text)
  return m ? { value: m[1] as string, symbol: m[2] ?? null } : null
}

/** The received amount and the token it is counted in, never one with the other's token. */
function receivedSide(i: z.output<typeof butterInfoSchema>): { amount: string | null; token: ButterToken | null } {
  const receive = i.receiveAmount ?? null
  if (receive !== null) return { amount: receive, token: i.receiveToken ?? null }
  return { amount: i.inAmount ?? null, token: i.destinationToken ?? null }
}

export function decodeButterInfo(data: unknown, operation: string): TransferDetail {
  const { info: raw } = judge(infoEnvelopeSchema, data, operation, 'the answer')
  const i = judge(butterInfoSchema, raw, operation, 'the transfer')
  const source = (i.sourceToken ?? i.fromToken) as ButterToken
  const got = receivedSide(i)
  const dest = got.token
  const fee = i.fee ? splitFee(i.fee) : null
  const fromChain = requiredChainOf(i.fromChain, operation, 'the transfer', 'fromChain', null, source.chainId)
  // While crossing the destination chain may be unnamed: the token to receive names it, else none (0).
  const toChainId = (i.receiveToken ?? i.destinationToken)?.chainId ?? null
  const toChain = i.toChain && namesChain(i.toChain) ? chainDetailOf(i.toChain, null, toChainId) : null
  return {
    coin: source.symbol,
    fromDecimal: i.fromTokenDecimal ?? source.decimal,
    receiveDecimal: dest?.decimal ?? source.decimal,
    fromChainName: fromChain.chainName,
    toChainName: toChain?.chainName ?? '',
    from: i.sourceAddress,
    to: i.toAddress ?? '',
    sending: i.amount,
    receiving: got.amount ?? '0',
    fromChainId: fromChain.chainId,
    relayerChainId: i.relayerChain?.chainId ?? null,
    toChainId: toChain?.chainId ?? toChainId ?? 0,
    state: i.state,
    type: 0,
    fromHeight: 0,
    fromHash: i.sourceHash,
    relayerHeight: null,
    relayerHash: i.relayerHash ?? null,
    transferInHeight: 0,
    transferInHash: i.toHash ?? '',
    confirmHeight: 0,
    relayerConfirmHeight: null,
    transferInConfirmHeight: 0,
    fromChainObject: fromChain,
    toChainObject: toChain,
    tokenObject: tokenDetailOf(source),
    relayerObject: i.relayerChain ? chainDetailOf(i.relayerChain) : null,
    issues: [],
    // Beside the original dialect's fields: the times, the fee (human units, its own token) and the receive token.
    timestamp: i.timestamp,
    completeTime: i.completeTime ?? null,
    fee: fee ? { ...fee, unit: 'human', decimals: i.feeToken?.decimal ?? null } : null,
    receiveSymbol: dest?.symbol ?? null,
    receiveToken: dest ? { address: dest.address, symbol: dest.symbol, decimals: dest.decimal } : null,
    origin: origin('human', got.amount !== null, i.state, DETAIL_NOT_PROVIDED),
    outcome: outcomeOfState('butter', i.state, i.toHash)
  }
}

const metamaskSchema = z.object({ blockExplorerUrls: z.array(z.string()).optional(), rpcUrls: z.array(z.string()).optional() })

/**
 * One chain of queryChainList. Butter's SDK types `metamask` and `nativeToken` as JSON text and parses both
 * (butter-packages@30bcf29c49a3c7e4e71f7753ca004ca33b8c486c:packages/butter-sdk/src/types/response.ts,
 * services/api.ts `getChains`); Butter's WDK takes `nativeToken` as an object or JSON text, the chain's id from
 * `chainId ?? id`, its name from `name ?? id` and its network from `key ?? chainId`
 * (wdk-protocol-swidge-butter@970493d1be800171f4d377729e97d48372fedab4:src/types.ts `ButterChainInfo`,
 * @197395c48b31f75bd40372c03d363663bd45d708:src/mappers.ts, @14aac887cbc9260b7e6675d33d90b1d1b98688e1:src/discovery.ts).
 */
export const butterChainSchema = z
  .object({
    id: z.union([z.int(), z.string()]).nullable().optional(),
    chainId: chainIdText.nullable().optional(),
    chainType: z.string().nullable().optional(),
    key: z.string().nullable().optional(),
    logoUri: z.string().nullable().optional(),
    metamask: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable().optional(),
    name: z.string().nullable().optional(),
    nativeToken: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable().optional()
  })
  .transform((c, ctx) => {
    const chainId = c.chainId ?? (c.id == null ? null : byField(chainIdText, c.id) ?? null)
    if (chainId === null) {
      ctx.addIssue({ code: 'custom', message: 'a chain needs its chain id (`chainId`, or `id`)', path: ['chainId'] })
      return z.NEVER
    }
    return { ...c, chainId }
  })

function metamaskOf(value: string | Record<string, unknown> | null | undefined): z.infer<typeof metamaskSchema> {
  if (!value) return {}
  try {
    const r = metamaskSchema.safeParse(typeof value === 'string' ? JSON.parse(value) : value)
    return r.success ? r.data : {}
  } catch {
    return {}
  }
}

/**
 * queryChainList (tokens API) → chain records; `key` (the token list's `network`) is kept beside them. One
 * chain no client could place (no chain id at all, or not an object) is dropped and the others kept: a chain
 * list serves every other chain, and Butter's WDK drops what it cannot map the same way
 * (mappers.ts: "the discovery caller drops such entries"). Only a list of which no chain reads is refused,
 * naming the first chain and field.
 */
export function decodeButterChains(data: unknown): ChainRecord[] {
  const { chains } = judge(z.object({ chains: z.array(z.unknown()) }), data, 'queryChainList', 'the answer')
  const out: ChainRecord[] = []
  let firstError: unknown = null
  chains.forEach((raw, index) => {
    let c: z.output<typeof butterChainSchema>
    try {
      c = judge(butterChainSchema, raw, 'queryChainList', `chain ${index}`)
    } catch (e) {
      firstError ??= e
      return
    }
    // `metamask` is JSON inside JSON (chain name, explorer, RPC URLs): read when it reads, else left empty.
    const mm = metamaskOf(c.metamask)
    const key = c.key ?? String(c.chainId)
    out.push({
      id: typeof c.id === 'number' ? c.id : c.chainId,
      chain: key,
      contract: '',
      rpc: mm.rpcUrls?.[0] ?? '',
      chainId: c.chainId,
      gasLimit: '',
      chainName: c.name ?? key,
      chainImg: c.logoUri ?? '',
      scanUrl: mm.blockExplorerUrls?.[0] ?? '',
      volume: null,
      tokenAddress: null,
      decimal: null,
      liquidity: null,
      key,
      chainType: c.chainType ?? null
    })
  })
  if (out.length === 0 && firstError !== null) throw firstError
  return out
}

/**
 * One token of queryTokenList. The docs and SDK send `decimals` as a number; Butter's WDK reads
 * `Number(token.decimals ?? token.decimal)` (mappers.ts@197395c48b31f75bd40372c03d363663bd45d708), so digits
 * and the spelling `decimal` are read too.
 */
export const butterTokenRecordSchema = z
  .object({
    id: z.int().nullable().optional(),
    chainId: chainIdText,
    address: z.string(),
    blockchainNetwork: z.string().nullable().optional(),
    decimals: decimalsSchema.optional(),
    decimal: decimalsSchema.optional(),
    image: z.string().nullable().optional(),
    name: z.string().nullable().optional(),
    symbol: z.string()
  })
  .transform((t, ctx) => {
    const decimals = t.decimals ?? t.decimal
    if (decimals === undefined) {
      ctx.addIssue({ code: 'custom', message: 'a token needs its decimals (`decimals` or `decimal`)', path: ['decimals'] })
      return z.NEVER
    }
    return { ...t, decimals }
  })

/** One page of queryTokenList (tokens API): its tokens and the network's token count. */
export function decodeButterTokenPage(data: unknown): { tokens: TokenRecord[]; count: number } {
  const page = judge(z.object({ count: z.int().nonnegative(), results: z.array(z.unknown()) }), data, 'queryTokenList', 'the page')
  const tokens = page.results.map((raw, index): TokenRecord => {
    const t = judge(butterTokenRecordSchema, raw, 'queryTokenList', `token ${index}`)
    return {
      id: t.id ?? 0,
      tokenId: '',
      address: t.address,
      name: t.name ?? t.symbol,
      chainId: t.chainId,
      isMint: 0,
      symbol: t.symbol,
      decimal: t.decimals,
      img: t.image ?? '',
      vaultToken: null,
      vaultDecimal: null,
      pid: null
    }
  })
  return { tokens, count: page.count }
}

/** Tokens of every network, grouped by chain id as the original dialect's token list is. */
export function groupTokens(tokens: readonly TokenRecord[]): TokenList {
  const out: TokenList = {}
  for (const t of tokens) (out[String(t.chainId)] ??= []).push(t)
  return out
}
