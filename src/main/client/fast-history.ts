// queryHistory bodies decoded at close to JSON.parse speed, with the exact path as the fallback.
//
// The exact path (parseBody → unwrapEnvelope → decodeHistoryPage) tokenises the whole body to find the
// numbers that must keep their wire text; on a 10,000-record page that scan cost as much as JSON.parse.
// Here the amounts are quoted by a search for their keys (optimistic-json.ts), the body goes to JSON.parse
// once, and every record still passes the same zod schema. Whatever the search cannot vouch for is then
// checked on the parsed value: a key spelled with \u escapes, a number JSON.parse may have rounded, a
// `__proto__` key, nesting past MAX_DEPTH. On anything unusual, and on any error at all, the page is
// decoded again by the exact path, so a page decoded here equals the exact path's result, and a page that
// fails gets the exact path's error (record index, field) word for word.
import { STABLE_FIELD_PATTERN, transferRecordWireSchema, type HistoryPage, type TransferRecord } from '../../shared/schemas/wire'
import { DetailMemo, completeTransferRecord, decodeHistoryPage, unwrapEnvelope } from './decode'
import { parseBody } from './http'
import { MAX_DEPTH, isAmountKey } from './lossless-json'
import { quoteAmountsOptimistic } from './optimistic-json'

/** Nesting depth of a record in the envelope: {data: {list: [ {record} ]}}. */
const RECORD_DEPTH = 4

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

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

/**
 * For a record zod has passed: the name of its stable field (null when it has none), or false when a member
 * is not plainValue. One pass over the members does both.
 */
function plainRecord(record: Record<string, unknown>): string | null | false {
  let stableKey: string | null = null
  for (const k in record) {
    const v = record[k]
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v) || isAmountKey(k)) return false
    } else if (typeof v === 'object' && v !== null && !plainValue(v, RECORD_DEPTH + 1, true, k)) return false
    // The last character first: most keys fail there, before endsWith and the pattern.
    if (stableKey === null && k.charCodeAt(k.length - 1) === 101 && k.endsWith('Valume') && STABLE_FIELD_PATTERN.test(k)) stableKey = k
  }
  return stableKey
}

/** The page, or null when the exact path must decide (it then also gives any error). */
export function fastHistoryPage(text: string): HistoryPage | null {
  const quoted = quoteAmountsOptimistic(text)
  if (quoted === null) return null
  let body: unknown
  try {
    body = JSON.parse(quoted)
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
  const memo = new DetailMemo()
  const records: TransferRecord[] = new Array<TransferRecord>(list.length)
  for (let i = 0; i < list.length; i++) {
    const raw: unknown = list[i]
    // zod drops a `__proto__` member silently where the exact path refuses the body.
    if (!isPlainObject(raw) || Object.hasOwn(raw, '__proto__')) return null
    const result = transferRecordWireSchema.safeParse(raw)
    if (!result.success) return null
    const stableKey = plainRecord(result.data)
    if (stableKey === false) return null
    records[i] = completeTransferRecord(result.data, memo, stableKey)
  }
  return { list: records, total }
}

/** data of queryHistory from the body text: what decodeHistoryPage(unwrapEnvelope(parseBody(…))) gives. */
export function decodeHistoryBody(text: string, operation: string, status: number, contentType: string | null): HistoryPage {
  return fastHistoryPage(text) ?? decodeHistoryPage(unwrapEnvelope(parseBody(text, operation, status, contentType), operation), operation)
}
