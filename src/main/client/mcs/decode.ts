// From a response body to validated records: the decode path of every answer of the bridge query service.
//
//   body text   read by http.ts under a size cap and a deadline; parseBody (lossless-json.ts) refuses an empty or HTML body
//   → JSON      parseLossless (lossless-json.ts): one scan quotes the numbers JSON.parse would round (amounts
//               have six fractional digits and pass 2^53), then JSON.parse; `__proto__` keys and nesting past
//               64 levels are refused
//   → data      unwrapEnvelope: code 200 gives data; any other code is an 'api' error in the service's words
//   → records   zod (src/shared/schemas/wire.ts, where each field's type is written once) on the page and on
//               each record; a record it refuses fails the whole response ('decode', naming record and
//               field): a page with rows silently missing would show wrong totals
//   → details   fromChainObject, toChainObject, tokenObject (relayerObject): JSON text inside JSON, parsed
//               again by parseLossless and judged by zod; a bad one costs that field only (null, and an entry
//               in `issues`); each distinct text once per response, its object shared by records, frozen
//   → stable    the `<symbol>Valume` field, found by its name's pattern (`usdtValume` → USDT)
// The records are the parse's own objects, completed in place; zod judges them (z.compile: the schemas'
// own verdicts and errors, a few times faster) and its output is never changed. Nothing outlives a call.
//
// A history page (up to 1,000 records, ~2 MB) first tries a quick way to the same records, quickHistoryPage:
// the amounts found by searching for their keys (amount-search.ts), the body given to JSON.parse as it is,
// then each record in one pass while it is in the processor's cache (its amounts' wire text, zod's verdict,
// its details). What it cannot vouch for (a repeated key, an amount key written with an escape, a number
// JSON.parse may have rounded, a record zod refuses) it leaves to the path above, which then gives the page
// or the error. test/unit/main/client/decode.test.ts holds the two to the same answers on real, edited,
// mutated and generated bodies.
//
// Its cost is held by decode_vs_native, _100 and _1000 (this ÷ JSON.parse of each body and of its detail
// strings, budget ≤ 1.5; the method, the budget and the last accepted values are in docs/performance.md, "The
// figures, their references and budgets"). Why the quick way checks what it checks rather than keeping
// anything across calls: a repeated key once hid its dropped value (a `__proto__`, deep nesting) from a faster
// decoder, and a module-level cache of detail strings outlived the responses it came from; correctness first,
// and the figure still holds. Why a search for the amounts rather than a JSON.parse reviver reading each
// number's source text (Node 22 and Electron's own Node have it, Node 20 only behind a flag): V8 calls a reviver
// for every value, and that parse alone, with no validation, costs nearly three times JSON.parse.
import { outcomeOfState } from '../states'
import { z } from 'zod'
import { AppError } from '@shared/errors'
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
  type ChainRecord,
  type DecodeIssue,
  type HistoryPage,
  type StableValue,
  type TokenList,
  type TransferDetail,
  type TransferRecord
} from '@shared/schemas/wire'
import type { JsonValue } from '@shared/schemas/vault'
import { forgetLastMatch, plainMembers, quickEnvelope, settleMembers, walkComplete } from '../amount-search'
import { isAmountKey, isPlainObject, parseBody, parseLossless } from '../lossless-json'
import { unwrapEnvelope } from '../envelope'

/** How much of a failing wire text an issue keeps: enough to recognise it, not a whole page. */
const RAW_LIMIT = 200

function cutRaw(text: string): string {
  return text.length > RAW_LIMIT ? `${text.slice(0, RAW_LIMIT)}…` : text
}


function pathText(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`
  return out
}

/** The first zod issue as "field: reason". */
function firstIssue(error: z.ZodError | undefined): { field: string; reason: string } {
  const issue = error?.issues[0]
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

/** The 'decode' error for a value `schema` refuses, naming `where` and the field (zod's first issue). */
function refusal(schema: z.ZodType, value: unknown, operation: string, where: string): AppError {
  const { field, reason } = firstIssue(schema.safeParse(value).error)
  return decodeError(operation, where, field, reason)
}

/** `schema`'s output for `value`, or the 'decode' error naming `where` and the field. */
function validated<T>(schema: z.ZodType<T>, value: unknown, operation: string, where: string): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw refusal(schema, value, operation, where)
}

/**
 * The schemas checked once per record of a page, compiled by zod (z.compile): the same verdicts and the
 * same errors as the schemas themselves, at a fraction of the cost. `validate` answers yes or no without
 * building a copy of the value.
 */
const pageSchema = z.compile(historyPageWireSchema)
const recordSchema = z.compile(transferRecordWireSchema)
const decimalSchema = z.compile(wireDecimal)
const chainSchema = z.compile(chainDetailSchema)
const tokenSchema = z.compile(tokenDetailSchema)

interface DetailResult<T> {
  value: T | null
  issue: DecodeIssue | null
}

/**
 * Parses one detail string a second time and validates it. `optional` fields (relayerObject) may be null
 * or empty: that is "no relayer leg", not a fault. The schema's input type is its output: it only checks,
 * so the parsed object itself is the value.
 */
export function decodeDetailString<T>(field: string, raw: unknown, schema: z.ZodType<T, T>, optional = false): DetailResult<T> {
  if (optional && (raw === null || raw === undefined || raw === '')) return { value: null, issue: null }
  if (typeof raw !== 'string') {
    const shown = raw === undefined ? null : cutRaw(JSON.stringify(raw) ?? String(raw))
    return { value: null, issue: { field, reason: 'not a JSON-encoded string', raw: shown } }
  }
  let parsed: JsonValue
  try {
    parsed = parseLossless(raw)
  } catch (error) {
    const reason = error instanceof AppError ? error.message : 'not valid JSON'
    return { value: null, issue: { field, reason, raw: cutRaw(raw) } }
  }
  if (!isPlainObject(parsed)) return { value: null, issue: { field, reason: 'not a JSON object', raw: cutRaw(raw) } }
  if (schema.validate(parsed)) return { value: parsed, issue: null }
  const { field: inner, reason } = firstIssue(schema.safeParse(parsed).error)
  return { value: null, issue: { field, reason: inner ? `${inner}: ${reason}` : reason, raw: cutRaw(raw) } }
}

/** The stable value `key` names (null: none), or null and an issue when its value is not a decimal. */
function stableValue(record: Record<string, unknown>, key: string | null, issues: DecodeIssue[], memo: ResponseMemo): StableValue | null {
  const symbol = key === null ? null : stableSymbol(memo, key)
  if (key === null || symbol === null) return null
  const value = record[key]
  if (decimalSchema.validate(value)) return { symbol, field: key, value }
  if (value !== null) issues.push({ field: key, reason: 'not a decimal number', raw: cutRaw(JSON.stringify(value) ?? String(value)) })
  return null
}

/**
 * The record schema's fields, which zod checks whole: every one of them is a string, a safe integer or null
 * wherever the schema passes a record (a test in test/unit/main/client/decode.test.ts holds the schema to
 * that), so the quick way need not look at them first; the amounts among them it reads for their text.
 */
const SCHEMA_FIELDS: ReadonlySet<string> = new Set(Object.keys(transferRecordWireSchema.shape))

/** What the quick way reads of records with one list of keys: see readPlan. */
interface ReadPlan {
  readonly keys: readonly string[]
  /** the members to read, in their order: the amounts and any member the schema does not name */
  readonly reads: readonly string[]
  /** the first key naming a stable value, the record's stable field */
  readonly stableKey: string | null
}

/** How many distinct texts per field are compared directly before a Map takes over. */
const RECENT = 16

/** The texts of one detail field seen in a response, and what each decoded to. */
interface DetailTexts {
  texts: string[]
  results: DetailResult<unknown>[]
  byText: Map<string, DetailResult<unknown>>
}

/**
 * What the records of one response repeat, worked out once: the detail strings (every transfer from Ethereum
 * carries the same fromChainObject), whose decoded object is then shared by those records and frozen so
 * that sharing can never leak a change from one record to another; the stable field's symbol; the read plan.
 *
 * An object literal and functions, not a class: optimised code is specialised to the shapes of the objects
 * it meets, and a class instance's shape dies with its last instance at a full collection, which threw the
 * decode's optimised code away after every page; an object literal's shape is kept by the code making it.
 */
interface ResponseMemo {
  readonly symbols: Map<string, string | null>
  readonly details: Map<string, DetailTexts>
  plan: ReadPlan
}

function responseMemo(): ResponseMemo {
  return { symbols: new Map(), details: new Map(), plan: { keys: [], reads: [], stableKey: null } }
}

/** The symbol a `<symbol>Valume` key names, upper-cased (`usdtValume` → USDT), or null for another key. */
function stableSymbol(memo: ResponseMemo, key: string): string | null {
  let symbol = memo.symbols.get(key)
  if (symbol === undefined) memo.symbols.set(key, (symbol = STABLE_FIELD_PATTERN.exec(key)?.[1]?.toUpperCase() ?? null))
  return symbol
}

/** The first of `keys` that names a stable value: the record's stable field. */
function stableKey(memo: ResponseMemo, keys: readonly string[]): string | null {
  // Its last letter, then endsWith: cheap filters before the pattern, over ~40 keys a record.
  for (const k of keys) if (k.charCodeAt(k.length - 1) === 101 && k.endsWith('Valume') && stableSymbol(memo, k) !== null) return k
  return null
}

/**
 * The reads for records with these keys. The records of a response share their keys, in one order, so the
 * plan of the record before is checked first: one Object.keys and a comparison of names (the same strings,
 * as JSON.parse shares them) a record.
 */
function readPlan(memo: ResponseMemo, keys: readonly string[]): ReadPlan {
  const last = memo.plan
  let same = keys.length === last.keys.length
  for (let i = 0; i < keys.length && same; i++) same = keys[i] === last.keys[i]
  if (same) return last
  const reads = keys.filter((k) => isAmountKey(k) || !SCHEMA_FIELDS.has(k))
  return (memo.plan = { keys, reads, stableKey: stableKey(memo, keys) })
}

/**
 * decodeDetailString, each distinct text of a field once. A text is compared with the few seen so far before
 * it is hashed: texts fresh from JSON.parse (~500 characters, their hashes not yet computed) cost more to
 * hash for a Map than to compare with a handful of candidates, which differ from them within the first few
 * characters. A field is always decoded with the same schema, so what was kept for its texts is of that type.
 */
function decodeDetail<T>(memo: ResponseMemo, field: string, raw: unknown, schema: z.ZodType<T, T>, optional = false): DetailResult<T> {
  if (typeof raw !== 'string') return decodeDetailString(field, raw, schema, optional)
  let seen = memo.details.get(field)
  if (seen === undefined) memo.details.set(field, (seen = { texts: [], results: [], byText: new Map() }))
  const { texts, results, byText } = seen
  for (let i = 0; i < texts.length; i++) if (texts[i] === raw) return results[i] as DetailResult<T>
  const kept = byText.get(raw) as DetailResult<T> | undefined
  if (kept !== undefined) return kept
  const r = decodeDetailString(field, raw, schema, optional)
  if (r.value !== null) Object.freeze(r.value)
  if (texts.length < RECENT) {
    texts.push(raw)
    results.push(r)
  } else byText.set(raw, r)
  return r
}

/** The value of a decoded detail, noting its issue (each record gets its own copy of it). */
function detailValue<T>(r: DetailResult<T>, issues: DecodeIssue[]): T | null {
  if (r.issue) issues.push({ ...r.issue })
  return r.value
}

/**
 * A record zod has passed, completed in place: `record` is the caller's own parse (the wire schemas only
 * check, they change no value), which takes the decoded details and the stable value. Copying 40 members of
 * every record cost a sixth of a page's decode.
 */
function completeRecord(record: Record<string, unknown>, stableField: string | null, memo: ResponseMemo): TransferRecord {
  const issues: DecodeIssue[] = []
  const fromChainObject = detailValue(decodeDetail(memo, 'fromChainObject', record.fromChainObject, chainSchema), issues)
  const toChainObject = detailValue(decodeDetail(memo, 'toChainObject', record.toChainObject, chainSchema), issues)
  const tokenObject = detailValue(decodeDetail(memo, 'tokenObject', record.tokenObject, tokenSchema), issues)
  const stable = stableValue(record, stableField, issues, memo)
  record.fromChainObject = fromChainObject
  record.toChainObject = toChainObject
  record.tokenObject = tokenObject
  record.stable = stable
  record.issues = issues
  // always set here: a loose wire record may carry a member of that name, which must not decide the outcome
  record.outcome = outcomeOfState('mcs', record.state as number, record.transferinHash as string)
  return record as TransferRecord
}

/**
 * data of queryHistory: { list: TransferRecord[], total }. A record zod refuses fails the page with a
 * 'decode' error naming the record and field. The records of `data` become the page's records in place:
 * pass a value of your own (a fresh parse), as decodeHistoryBody does.
 */
export function decodeHistoryPage(data: unknown, operation = 'queryHistory'): HistoryPage {
  if (!pageSchema.validate(data)) throw refusal(historyPageWireSchema, data, operation, 'data')
  const memo = responseMemo()
  const list = data.list.map((raw, i) => {
    if (!recordSchema.validate(raw)) throw refusal(transferRecordWireSchema, raw, operation, `record ${i}${describeRecord(raw)}`)
    return completeRecord(raw, stableKey(memo, Object.keys(raw)), memo)
  })
  return { list, total: data.total }
}

/** Nesting depth of a record in the body: {data: {list: [ {record} ]}}. */
const RECORD_DEPTH = 4

/**
 * The page by the quick way, or null when the exact path must decide (it then also gives any error): the
 * amounts found by the search (amount-search.ts), the body parsed by JSON.parse as it is, and each record in
 * one pass (its amounts given their text, zod's verdict, its details), while it is in the processor's cache.
 * Members the record schema names are left to zod; what else a record holds is read and must be plain.
 */
export function quickHistoryPage(text: string): HistoryPage | null {
  const start = quickEnvelope(text)
  if (start === null) return null
  const { data, walk } = start
  if (!pageSchema.validate(data) || !plainMembers(data, 2, 'list', walk)) return null
  const memo = responseMemo()
  const records = new Array<TransferRecord>(data.list.length)
  for (let i = 0; i < records.length; i++) {
    const raw = data.list[i]
    if (!isPlainObject(raw)) return null
    const keys = Object.keys(raw)
    walk.keys += keys.length
    const plan = readPlan(memo, keys)
    if (!settleMembers(raw, RECORD_DEPTH, plan.reads, walk) || !recordSchema.validate(raw)) return null
    records[i] = completeRecord(raw, plan.stableKey, memo)
  }
  if (!walkComplete(walk)) return null
  forgetLastMatch()
  return { list: records, total: data.total }
}

/** A queryHistory answer from its body text: the quick way, or the whole exact path. */
export function decodeHistoryBody(text: string, operation: string, status: number, contentType: string | null): HistoryPage {
  return quickHistoryPage(text) ?? decodeHistoryPage(unwrapEnvelope(parseBody(text, operation, status, contentType), operation), operation)
}

/** data of queryBridgeInfo: the details of one transfer. */
export function decodeTransferDetail(data: unknown, operation = 'queryBridgeInfo'): TransferDetail {
  const detail = validated(transferDetailWireSchema, data, operation, `transfer${describeRecord(data)}`)
  const memo = responseMemo()
  const issues: DecodeIssue[] = []
  const fromChainObject = detailValue(decodeDetail(memo, 'fromChainObject', detail.fromChainObject, chainSchema), issues)
  const toChainObject = detailValue(decodeDetail(memo, 'toChainObject', detail.toChainObject, chainSchema), issues)
  const tokenObject = detailValue(decodeDetail(memo, 'tokenObject', detail.tokenObject, tokenSchema), issues)
  const relayerObject = detailValue(decodeDetail(memo, 'relayerObject', detail.relayerObject, chainSchema, true), issues)
  return { ...detail, fromChainObject, toChainObject, tokenObject, relayerObject, issues, outcome: outcomeOfState('mcs', detail.state, detail.transferInHash) }
}

function listOf(data: unknown, operation: string): unknown {
  if (!isPlainObject(data) || !('list' in data)) throw decodeError(operation, 'data', 'list', 'missing')
  return data.list
}

/** data of queryTokenList: { list: { "<chainId>": TokenRecord[] } }. */
export function decodeTokenList(data: unknown, operation = 'queryTokenList'): TokenList {
  return validated(tokenListSchema, listOf(data, operation), operation, 'data.list')
}

/** data of queryChainList: { list: ChainRecord[] }. */
export function decodeChainList(data: unknown, operation = 'queryChainList'): ChainRecord[] {
  const list = listOf(data, operation)
  if (!Array.isArray(list)) throw decodeError(operation, 'data', 'list', 'expected an array')
  return list.map((item, i) => validated(chainRecordSchema, item, operation, `chain ${i}${describeRecord(item)}`))
}
