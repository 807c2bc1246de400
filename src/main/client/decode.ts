// From a parsed response body to the decoded types of src/shared/schemas/wire.ts.
//
// Order of work: envelope (code 200 → data, else an 'api' error carrying the service's own message) →
// zod on the record → the detail strings parsed a second time and validated. A bad detail string costs
// only that field (null plus an entry in `issues`); a record that fails its own schema fails the whole
// response with a 'decode' error naming the record index and field, because a page with silently
// missing rows would show wrong totals.
import type { z } from 'zod'
import { AppError } from '../../shared/errors'
import {
  STABLE_FIELD_PATTERN,
  chainDetailSchema,
  chainRecordSchema,
  historyPageWireSchema,
  tokenDetailSchema,
  tokenListSchema,
  transferDetailWireSchema,
  transferRecordWireSchema,
  wireDecimal,
  type ChainDetail,
  type ChainRecord,
  type DecodeIssue,
  type HistoryPage,
  type StableValue,
  type TokenDetail,
  type TokenList,
  type TransferDetail,
  type TransferRecord
} from '../../shared/schemas/wire'
import type { JsonValue } from '../../shared/schemas/vault'
import { isPlainObject, parseLosslessSmall } from './lossless-json'
import { compileAcceptor } from './schema-accept'

/** How much of a failing wire text an issue keeps: enough to recognise it, not a whole page. */
export const RAW_LIMIT = 200

export function cutRaw(text: string): string {
  return text.length > RAW_LIMIT ? `${text.slice(0, RAW_LIMIT)}…` : text
}

/** The envelope of spec 2.1: code 200 → data; any other code → AppError('api') with the service's message. */
export function unwrapEnvelope(body: JsonValue, operation: string): unknown {
  if (!isPlainObject(body) || !('code' in body)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response is not the expected {code, message, data} envelope' })
  }
  const { code, message } = body
  const codeNumber = typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : NaN
  if (Number.isNaN(codeNumber)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response envelope has no numeric code' })
  }
  if (codeNumber !== 200) {
    const text = typeof message === 'string' && message.trim() !== '' ? message : 'no message'
    throw new AppError({ kind: 'api', operation, code: codeNumber, message: `the service answered code ${codeNumber}: ${text}` })
  }
  if (!('data' in body)) {
    throw new AppError({ kind: 'protocol', operation, message: 'the response envelope has code 200 but no data' })
  }
  return body.data
}

function pathText(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out
}

/** The first zod issue as "field: reason". */
function firstIssue(error: z.ZodError): { field: string; reason: string } {
  const issue = error.issues[0]
  if (issue === undefined) return { field: '', reason: 'invalid' }
  return { field: pathText(issue.path), reason: issue.message }
}

function describeRecord(raw: unknown): string {
  if (!isPlainObject(raw)) return ''
  const parts: string[] = []
  if (typeof raw.id === 'number' || typeof raw.id === 'string') parts.push(`id ${raw.id}`)
  const hash = raw.hash ?? raw.fromHash
  if (typeof hash === 'string') parts.push(`hash ${hash.slice(0, 80)}`)
  return parts.length ? ` (${parts.join(', ')})` : ''
}

function decodeError(operation: string, where: string, field: string, reason: string): AppError {
  return new AppError({
    kind: 'decode',
    operation,
    field,
    message: `${where}${field ? ` field "${field}"` : ''}: ${reason}`
  })
}

interface DetailResult<T> {
  value: T | null
  issue: DecodeIssue | null
}

/**
 * Parses one detail string (spec 2.2) a second time and validates it. `optional` fields (relayerObject)
 * may be null or empty: that is "no relayer leg", not a fault.
 */
export function decodeDetailString<T>(field: string, raw: unknown, schema: z.ZodType<T>, optional = false): DetailResult<T> {
  if (optional && (raw === null || raw === undefined || raw === '')) return { value: null, issue: null }
  if (typeof raw !== 'string') {
    const shown = raw === undefined ? null : cutRaw(JSON.stringify(raw) ?? String(raw))
    return { value: null, issue: { field, reason: 'not a JSON-encoded string', raw: shown } }
  }
  let parsed: JsonValue
  try {
    parsed = parseLosslessSmall(raw)
  } catch (error) {
    const reason = error instanceof AppError ? error.message : 'not valid JSON'
    return { value: null, issue: { field, reason, raw: cutRaw(raw) } }
  }
  if (!isPlainObject(parsed)) return { value: null, issue: { field, reason: 'not a JSON object', raw: cutRaw(raw) } }
  const result = schema.safeParse(parsed)
  if (!result.success) {
    const { field: inner, reason } = firstIssue(result.error)
    return { value: null, issue: { field, reason: inner ? `${inner}: ${reason}` : reason, raw: cutRaw(raw) } }
  }
  return { value: result.data, issue: null }
}

/** The symbol a stable field names (`usdtValume` → USDT), kept for the few keys a service uses. */
const stableSymbols = new Map<string, string | null>()

function stableSymbol(key: string): string | null {
  let symbol = stableSymbols.get(key)
  if (symbol === undefined) {
    const m = STABLE_FIELD_PATTERN.exec(key)
    symbol = m === null || m[1] === undefined ? null : m[1].toUpperCase()
    // Bounded: a hostile page of ever-new keys must not grow this without end.
    if (stableSymbols.size >= 64) stableSymbols.clear()
    stableSymbols.set(key, symbol)
  }
  return symbol
}

/** wireDecimal's verdict without zod's allocations for the values it plainly passes; zod for the rest. */
const acceptDecimal = compileAcceptor(wireDecimal)

/**
 * The stable value when `key` names one (`usdtValume`), else undefined. A present but unusable value
 * becomes an issue (and null).
 */
export function stableField(key: string, value: unknown, issues: DecodeIssue[]): StableValue | null | undefined {
  const symbol = stableSymbol(key)
  if (symbol === null) return undefined
  if (acceptDecimal?.(value) === true) return { symbol, field: key, value: value as string }
  const ok = wireDecimal.safeParse(value)
  if (ok.success) return { symbol, field: key, value: ok.data }
  if (value !== null) {
    issues.push({ field: key, reason: 'not a decimal number', raw: cutRaw(JSON.stringify(value) ?? String(value)) })
  }
  return null
}

/** Finds the first `<symbol>Valume` field. */
function findStable(record: Record<string, unknown>, issues: DecodeIssue[]): StableValue | null {
  for (const key in record) {
    // endsWith first: a cheap filter before the regex, over ~40 keys per record.
    if (!key.endsWith('Valume') || !Object.hasOwn(record, key)) continue
    const found = stableField(key, record[key], issues)
    if (found !== undefined) return found
  }
  return null
}

type Details<K extends string> = Record<K, ChainDetail | TokenDetail | null>
type AnyDetail = DetailResult<ChainDetail | TokenDetail>

/** How many distinct texts per field are compared directly before a Map takes over. */
const RECENT = 16
/** Distinct texts per field a memo keeps; past this it starts afresh (a hostile page of all-different texts). */
const MEMO_LIMIT = 256

/**
 * Within one response the same detail strings come back record after record (every transfer from
 * Ethereum carries the same fromChainObject), and across the pages of one history too, so each distinct
 * string is decoded once. The decoded object is then shared by those records, and frozen so that sharing
 * can never leak a change from one to another.
 *
 * Lookups compare against the few texts seen so far before hashing: the strings are fresh from JSON.parse
 * (their hashes not yet computed) and ~500 characters long, and hashing each one for a Map cost more than
 * comparing it with a handful of candidates, which differ from it within the first few characters.
 */
export class DetailMemo {
  private readonly fields = new Map<string, { texts: string[]; results: AnyDetail[]; byText: Map<string, AnyDetail> }>()

  decode(field: string, raw: unknown, schema: z.ZodType<ChainDetail | TokenDetail>, optional: boolean): AnyDetail {
    if (typeof raw !== 'string') return decodeDetailString(field, raw, schema, optional)
    let memo = this.fields.get(field)
    if (memo === undefined) this.fields.set(field, (memo = { texts: [], results: [], byText: new Map() }))
    const { texts, results } = memo
    for (let i = 0; i < texts.length; i++) if (texts[i] === raw) return results[i] as AnyDetail
    let r = memo.byText.get(raw)
    if (r === undefined) {
      r = decodeDetailString(field, raw, schema, optional)
      if (r.value !== null) Object.freeze(r.value)
      if (texts.length < RECENT) {
        texts.push(raw)
        results.push(r)
      } else {
        if (memo.byText.size >= MEMO_LIMIT) memo.byText.clear()
        memo.byText.set(raw, r)
      }
    }
    return r
  }
}

/**
 * The memo history pages share, one page after another: a load of 1,000 pages of 100 decodes each distinct
 * detail string once rather than once a page. Bounded by MEMO_LIMIT per field.
 */
export const historyDetailMemo = new DetailMemo()

function decodeDetails<K extends string>(
  record: Partial<Record<K, unknown>>,
  specs: readonly (readonly [K, z.ZodType<ChainDetail | TokenDetail>, boolean])[],
  issues: DecodeIssue[],
  memo: DetailMemo = new DetailMemo()
): Details<K> {
  const out = {} as Details<K>
  for (const [field, schema, optional] of specs) {
    const r = memo.decode(field, record[field], schema, optional)
    out[field] = r.value
    if (r.issue) issues.push({ ...r.issue })
  }
  return out
}

const RECORD_DETAILS = [
  ['fromChainObject', chainDetailSchema, false],
  ['toChainObject', chainDetailSchema, false],
  ['tokenObject', tokenDetailSchema, false]
] as const

const TRANSFER_DETAILS = [...RECORD_DETAILS, ['relayerObject', chainDetailSchema, true]] as const

/** A record that passed transferRecordWireSchema. */
export type WireTransferRecord = z.infer<typeof transferRecordWireSchema>

/**
 * The rest of a transfer record's decode once zod has passed it: the detail strings and the stable value.
 * `stableKey` may be given when the caller has already found the stable field's name (null: none).
 */
export function completeTransferRecord(data: WireTransferRecord, memo: DetailMemo, stableKey?: string | null): TransferRecord {
  const issues: DecodeIssue[] = []
  // zod's output is already a fresh object: fill it in place rather than copying 40 fields per record.
  // Straight into the record, not through decodeDetails' object: a temporary built property by property has
  // a map that dies with it at the next full collection, and the optimised decode loop that embeds that map
  // is thrown away each time (measured: once per page in the decode bench, which collects between pages).
  const from = memo.decode('fromChainObject', data.fromChainObject, chainDetailSchema, false)
  const to = memo.decode('toChainObject', data.toChainObject, chainDetailSchema, false)
  const token = memo.decode('tokenObject', data.tokenObject, tokenDetailSchema, false)
  if (from.issue) issues.push({ ...from.issue })
  if (to.issue) issues.push({ ...to.issue })
  if (token.issue) issues.push({ ...token.issue })
  const found =
    stableKey === undefined ? findStable(data, issues) : stableKey === null ? null : (stableField(stableKey, data[stableKey], issues) ?? null)
  const out = data as unknown as TransferRecord
  out.fromChainObject = from.value as ChainDetail | null
  out.toChainObject = to.value as ChainDetail | null
  out.tokenObject = token.value as TokenDetail | null
  out.stable = found
  out.issues = issues
  return out
}

/** One transfer record (spec 2.5). Throws AppError('decode') naming `where` and the field. */
export function decodeTransferRecord(
  raw: unknown,
  operation = 'queryHistory',
  where = 'record',
  memo: DetailMemo = new DetailMemo()
): TransferRecord {
  const result = transferRecordWireSchema.safeParse(raw)
  if (!result.success) {
    const { field, reason } = firstIssue(result.error)
    throw decodeError(operation, `${where}${describeRecord(raw)}`, field, reason)
  }
  return completeTransferRecord(result.data, memo)
}

/** data of queryHistory (spec 4.1). */
export function decodeHistoryPage(data: unknown, operation = 'queryHistory'): HistoryPage {
  const page = historyPageWireSchema.safeParse(data)
  if (!page.success) {
    const { field, reason } = firstIssue(page.error)
    throw decodeError(operation, 'data', field, reason)
  }
  const list = page.data.list.map((item, i) => decodeTransferRecord(item, operation, `record ${i}`, historyDetailMemo))
  return { list, total: page.data.total }
}

/** data of queryBridgeInfo (spec 4.2 / 2.6). */
export function decodeTransferDetail(data: unknown, operation = 'queryBridgeInfo'): TransferDetail {
  const result = transferDetailWireSchema.safeParse(data)
  if (!result.success) {
    const { field, reason } = firstIssue(result.error)
    throw decodeError(operation, `transfer${describeRecord(data)}`, field, reason)
  }
  const issues: DecodeIssue[] = []
  const details = decodeDetails(result.data, TRANSFER_DETAILS, issues)
  return {
    ...result.data,
    fromChainObject: details.fromChainObject as ChainDetail | null,
    toChainObject: details.toChainObject as ChainDetail | null,
    tokenObject: details.tokenObject as TokenDetail | null,
    relayerObject: details.relayerObject as ChainDetail | null,
    issues
  }
}

function listOf(data: unknown, operation: string): unknown {
  if (!isPlainObject(data) || !('list' in data)) throw decodeError(operation, 'data', 'list', 'missing')
  return data.list
}

/** data of queryTokenList (spec 4.3): { list: { "<chainId>": TokenRecord[] } }. */
export function decodeTokenList(data: unknown, operation = 'queryTokenList'): TokenList {
  const result = tokenListSchema.safeParse(listOf(data, operation))
  if (!result.success) {
    const { field, reason } = firstIssue(result.error)
    throw decodeError(operation, 'data.list', field, reason)
  }
  return result.data
}

/** data of queryChainList (spec 4.4): { list: ChainRecord[] }. */
export function decodeChainList(data: unknown, operation = 'queryChainList'): ChainRecord[] {
  const list = listOf(data, operation)
  if (!Array.isArray(list)) throw decodeError(operation, 'data', 'list', 'expected an array')
  return list.map((item, i) => {
    const r = chainRecordSchema.safeParse(item)
    if (!r.success) {
      const { field, reason } = firstIssue(r.error)
      throw decodeError(operation, `chain ${i}${describeRecord(item)}`, field, reason)
    }
    return r.data
  })
}
