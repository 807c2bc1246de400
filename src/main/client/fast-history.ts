// queryHistory bodies decoded at close to JSON.parse speed, with the exact path as the fallback.
//
// The exact path (parseBody → unwrapEnvelope → decodeHistoryPage) tokenises the whole body to find the
// numbers that must keep their wire text; on a 10,000-record page that scan cost as much as JSON.parse.
// Here the amounts are found by a search for their keys (optimistic-json.ts), the body goes to JSON.parse
// once, each amount number gets back its wire text (see fastHistoryPage), and every record still passes the
// same zod schema (through an acceptor compiled from it, schema-accept.ts, with zod deciding anything the
// acceptor does not plainly pass). Whatever the search cannot vouch for is then checked on the parsed value: a key spelled with \u escapes, a number JSON.parse may have rounded, a
// `__proto__` key, nesting past MAX_DEPTH. On anything unusual, and on any error at all, the page is
// decoded again by the exact path, so a page decoded here equals the exact path's result, and a page that
// fails gets the exact path's error (record index, field) word for word.
import { STABLE_FIELD_PATTERN, transferRecordWireSchema, type HistoryPage, type TransferRecord } from '../../shared/schemas/wire'
import { completeTransferRecord, historyDetailMemo, decodeHistoryPage, unwrapEnvelope, type WireTransferRecord } from './decode'
import { parseBody } from './http'
import { MAX_DEPTH, isAmountKey, isPlainObject } from './lossless-json'
import { findAmounts, quoteAmounts, spanKeyIs, spanText, type AmountSpans } from './optimistic-json'
import { compileAcceptor, scalarFields } from './schema-accept'

/** Nesting depth of a record in the envelope: {data: {list: [ {record} ]}}. */
const RECORD_DEPTH = 4

/**
 * Whether a value found at `depth` is one the exact path would have produced alike: no container nested
 * past MAX_DEPTH and no `__proto__` key (the exact path refuses both), every number a safe integer (else
 * JSON.parse may have rounded it, or the exact path refuses its length), and, when the value is kept in the
 * result, no number under an amount key (a \u-spelled amount key the search missed).
 */
function plainValue(value: unknown, depth: number, kept: boolean, key: string | null): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && (!kept || key === null || !isAmountKey(key))
  if (typeof value !== 'object' || value === null) return true
  if (depth > MAX_DEPTH) return false
  if (Array.isArray(value)) return value.every((v) => plainValue(v, depth + 1, kept, null))
  for (const k in value) {
    if (k === '__proto__' || !plainValue((value as Record<string, unknown>)[k], depth + 1, kept, k)) return false
  }
  return true
}

/** plainValue for the members of `object` (at `depth`) other than `skip`. */
function plainMembers(object: Record<string, unknown>, depth: number, kept: boolean, skip: string | null): boolean {
  for (const k in object) {
    if (k === skip) continue
    if (k === '__proto__' || !plainValue(object[k], depth + 1, kept, k)) return false
  }
  return true
}

/** The record's members whose values the schema checks whole (strings, safe integers, null): never read here. */
const SCALAR_FIELDS = scalarFields(transferRecordWireSchema)

/**
 * What settleRecord reads in records of one shape (the same members in the same order): the amounts, and the
 * members the schema does not check whole. Records of a page share their shape, so one plan serves the
 * page, and a record costs one Object.keys (a copy of V8's cached key list) and a pointer comparison per
 * name. Walking every member instead (for-in, reading each value) cost ~20 ns a member: a fifth of the
 * whole decode of a 10,000-record page.
 */
interface ReadPlan {
  readonly keys: readonly string[]
  /** in member order: the members to read, and whether each is an amount */
  readonly reads: readonly string[]
  readonly amounts: readonly boolean[]
  readonly stableKey: string | null
}

let lastPlan: ReadPlan = { keys: [], reads: [], amounts: [], stableKey: null }

function isStableKey(name: string): boolean {
  return name.charCodeAt(name.length - 1) === 101 && name.endsWith('Valume') && STABLE_FIELD_PATTERN.test(name)
}

function readPlan(keys: readonly string[]): ReadPlan {
  const last = lastPlan.keys
  if (keys.length === last.length) {
    let same = true
    for (let i = 0; i < keys.length && same; i++) same = keys[i] === last[i]
    if (same) return lastPlan
  }
  const reads: string[] = []
  const amounts: boolean[] = []
  let stableKey: string | null = null
  for (const k of keys) {
    if (stableKey === null && isStableKey(k)) stableKey = k
    const amount = isAmountKey(k)
    if (!amount && SCALAR_FIELDS.has(k)) continue
    reads.push(k)
    amounts.push(amount)
  }
  lastPlan = { keys, reads, amounts, stableKey }
  return lastPlan
}

/**
 * Reads what the schema will not check of a parsed record: each such member must be plainValue, and each
 * amount number gets the text it was written with (`spans`, from `next` on; null when the amounts were
 * quoted before parsing, and a number under an amount key then means a key the search missed). Finds the
 * stable field's name. Returns the next unused span, or -1 when the page must go to the exact path.
 * Members the plan skips are checked by the acceptor or zod, which every record passes before it is kept.
 */
function settleRecord(record: Record<string, unknown>, spans: AmountSpans | null, next: number, found: { stableKey: string | null }): number {
  const plan = readPlan(Object.keys(record))
  const { reads, amounts } = plan
  for (let i = 0; i < reads.length; i++) {
    const k = reads[i] as string
    const v = record[k]
    if (typeof v === 'number') {
      if (amounts[i] === true) {
        // The next number found by the key search must be this one's: see fastHistoryPage.
        if (spans === null || next >= spans.count || !spanKeyIs(spans, next, k)) return -1
        record[k] = spanText(spans, next++)
      } else if (!Number.isSafeInteger(v)) return -1
    } else if (typeof v === 'object' && v !== null && !plainValue(v, RECORD_DEPTH + 1, true, k)) return -1
  }
  found.stableKey = plan.stableKey
  return next
}

/** zod's verdict on records the acceptor cannot vouch for; the acceptor when the schema allows one. */
const acceptRecord = compileAcceptor(transferRecordWireSchema)

/**
 * The page, or null when the exact path must decide (it then also gives any error).
 *
 * The amounts must keep their wire text. When the body holds no `\u` escape at all, it is parsed as it is
 * and each amount number is then matched with the number the key search found, in order: every key spelled
 * `amount`, `inAmount` or `<x>Valume` outside the strings is found by the search (without \u no other
 * spelling of those names exists), so the numbers found are exactly those under amount keys, in text order.
 * Records are walked in text order and a record's members in their order of first appearance; each match
 * must have the same key, and all numbers found must be used. A duplicate key, an amount
 * anywhere outside a record's top level, or a reordering by duplicates leaves a number unused or mismatched,
 * and the page goes to the exact path. Parsing the body as it is spares rewriting and flattening ~20 MB of
 * text. With a \u escape somewhere, the amounts are quoted in the text before parsing, as before.
 */
export function fastHistoryPage(text: string): HistoryPage | null {
  const amounts = findAmounts(text)
  if (amounts === null) return null
  const spans = text.includes('\\u') ? null : amounts
  let body: unknown
  try {
    body = JSON.parse(spans === null ? quoteAmounts(amounts) : text)
  } catch {
    return null
  }
  // The envelope and data members other than these are not kept, but the exact path would refuse them
  // for their nesting or a forbidden key.
  if (!isPlainObject(body) || body.code !== 200 || !plainMembers(body, 1, false, 'data')) return null
  const data = body.data
  if (!isPlainObject(data) || !plainMembers(data, 2, false, 'list')) return null
  const { list, total } = data
  if (!Array.isArray(list) || typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) return null
  const found = { stableKey: null as string | null }
  const records: TransferRecord[] = new Array<TransferRecord>(list.length)
  let next = 0
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i]
    // zod drops a `__proto__` member silently where the exact path refuses the body.
    if (!isPlainObject(raw) || Object.hasOwn(raw, '__proto__')) return null
    next = settleRecord(raw, spans, next, found)
    if (next === -1) return null
    let record: WireTransferRecord
    if (acceptRecord?.(raw) === true) record = raw as WireTransferRecord
    else {
      const result = transferRecordWireSchema.safeParse(raw)
      if (!result.success) return null
      record = result.data
    }
    records[i] = completeTransferRecord(record, historyDetailMemo, found.stableKey)
  }
  if (spans !== null && next !== spans.count) return null
  return { list: records, total }
}

/** data of queryHistory from the body text: what decodeHistoryPage(unwrapEnvelope(parseBody(…))) gives. */
export function decodeHistoryBody(text: string, operation: string, status: number, contentType: string | null): HistoryPage {
  return fastHistoryPage(text) ?? decodeHistoryPage(unwrapEnvelope(parseBody(text, operation, status, contentType), operation), operation)
}
