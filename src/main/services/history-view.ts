// Sorting and filtering a loaded history, read from its columns (transfer-table.ts) rather than from records:
// a filter reads only the columns it tests — numbers from typed arrays, addresses and tokens once per
// distinct value, hashes through their signatures (text-search.ts). The views themselves, cached and
// computed in passes, are dataset-views.ts.
import type { HistoryFilter, HistorySort } from '@shared/contract'
import { amountOrder, receivedAmount, sentAmount } from '@shared/amounts'
import type { TokenDetail } from '@shared/schemas/wire'
import { ABSENT, timeSeconds } from './table-columns'
import { needsOf } from './text-search'
import type { TransferTable } from './transfer-table'

function dayBound(text: string, end: boolean): string {
  return text.length === 10 ? `${text} ${end ? '23:59:59' : '00:00:00'}` : text
}

/** Cannot be typed into the filter box; dropped from a query, as when it separated a row's search texts. */
const SEP = '\u0000'

/** The filter without empty fields, so {} and {text: ' '} are the same view as no filter. */
export function normalFilter(f: HistoryFilter | undefined): HistoryFilter | undefined {
  if (!f) return undefined
  const out: HistoryFilter = {}
  const text = f.text?.trim().toLowerCase().replaceAll(SEP, '')
  if (text) out.text = text
  if (f.token) out.token = f.token.toLowerCase()
  if (f.fromChainId !== undefined) out.fromChainId = f.fromChainId
  if (f.toChainId !== undefined) out.toChainId = f.toChainId
  if (f.state !== undefined) out.state = f.state
  if (f.from) out.from = dayBound(f.from, false)
  if (f.to) out.to = dayBound(f.to, true)
  return Object.keys(out).length > 0 ? out : undefined
}

type Test = (i: number) => boolean

/** `timestamp < bound` (before) or `timestamp > bound` (after), as text order, read from the time column. */
function timeTest(t: TransferTable, bound: string, after: boolean): Test {
  const secs = t.times.timestamp.secs
  const b = timeSeconds(bound)
  const asText: Test = (i) => {
    const v = t.value(i, 'timestamp')
    return after ? v > bound : v < bound
  }
  // a row's seconds compare like its text only when the bound is a text of the same form
  if (b === null) return asText
  return (i) => {
    const s = secs[i] as number
    if (s === 0) return asText(i)
    return after ? s > b : s < b
  }
}

/** The test of every field of `f` (normalFilter's output) but its text; null when it has no other field. */
function predicate(t: TransferTable, f: HistoryFilter): Test | null {
  const tests: Test[] = []
  const { fromChainid, toChainid, state } = t.ints
  const { tokenObject, tokenAddress } = t.interned
  if (f.fromChainId !== undefined) tests.push((i) => fromChainid.get(i) === f.fromChainId)
  if (f.toChainId !== undefined) tests.push((i) => toChainid.get(i) === f.toChainId)
  if (f.state !== undefined) tests.push((i) => state.get(i) === f.state)
  if (f.from) {
    const before = timeTest(t, f.from, false)
    tests.push((i) => !before(i))
  }
  if (f.to) {
    const after = timeTest(t, f.to, true)
    tests.push((i) => !after(i))
  }
  if (f.token) {
    const token = f.token
    const bySymbol = tokenObject.flags((v) => v !== ABSENT && v !== null && (v as TokenDetail).symbol.toLowerCase() === token)
    const byAddress = tokenAddress.flags((v) => typeof v === 'string' && v.toLowerCase() === token)
    tests.push((i) => bySymbol[tokenObject.ids[i] as number] === 1 || byAddress[tokenAddress.ids[i] as number] === 1)
  }
  if (tests.length === 0) return null
  if (tests.length === 1) return tests[0] as Test
  return (i) => {
    for (const test of tests) if (!test(i)) return false
    return true
  }
}

/**
 * Appends to `out` from `m` (answers the new end) the rows of order[from, to) (rows from…to-1 when `order` is
 * null) that pass `f` (normalFilter's output). The text is searched as the record-by-record filter did — hash,
 * received hash, from, to, token symbol, lower-cased — with addresses and tokens tested once per distinct value.
 */
export type Scan = (order: Uint32Array | null, from: number, to: number, out: Uint32Array, m: number) => number

export function scanner(t: TransferTable, f: HistoryFilter): Scan {
  const keep = predicate(t, f)
  const q = f.text
  if (q) {
    const { from, to, tokenObject } = t.interned
    const needs = needsOf(q)
    const also = [
      { ids: from.ids, flags: t.distinct.from.flags(q) },
      { ids: to.ids, flags: t.distinct.to.flags(q) },
      { ids: tokenObject.ids, flags: t.distinct.symbol.flags(q) }
    ] as const
    return (order, a, b, out, m) => t.search.select(needs, order, a, b, also, keep, out, m)
  }
  return (order, a, b, out, m) => {
    for (let j = a; j < b; j++) {
      const i = order === null ? j : (order[j] as number)
      if (keep === null || keep(i)) out[m++] = i
    }
    return m
  }
}

/** Whether every row `narrow` keeps is kept by `wide` (same fields but text, and text refined). */
export function refines(narrow: HistoryFilter | undefined, wide: HistoryFilter | undefined): boolean {
  if (!wide) return true
  if (!narrow) return false
  const { text: a = '', ...restA } = narrow
  const { text: b = '', ...restB } = wide
  return a.includes(b) && JSON.stringify(restA) === JSON.stringify(restB)
}

/** The key row i sorts by: what a person reads, so amounts compare each in its own token's decimals. */
function sortKeys(t: TransferTable, key: HistorySort['key']): (i: number) => string | number | bigint {
  switch (key) {
    case 'timestamp':
      return (i) => t.value(i, 'timestamp')
    // By the value a person reads (each side in its own token's decimals), so 100 USDT with 6 decimals and
    // 99.5 USDT with 18 order as 100 > 99.5; amounts of unknown decimals order first.
    case 'amount':
      return (i) => amountOrder(sentAmount({ amount: t.value(i, 'amount'), tokenObject: t.value(i, 'tokenObject') }))
    case 'inAmount':
      return (i) => amountOrder(receivedAmount({ inAmount: t.value(i, 'inAmount'), received: t.value(i, 'received') }))
    case 'symbol':
      return (i) => t.value(i, 'tokenObject')?.symbol ?? ''
    case 'state':
    case 'type':
    case 'fromChainid':
    case 'toChainid':
      return (i) => t.value(i, key)
  }
}

/** 's' for text, 'n' for numbers (bigint too), null for what `<` cannot order consistently (NaN, nothing, objects). */
function kindOf(v: unknown): 's' | 'n' | null {
  if (typeof v === 'string') return 's'
  if (typeof v === 'bigint' || (typeof v === 'number' && !Number.isNaN(v))) return 'n'
  return null
}

/** Every row index ordered by `sort`; ties keep the loaded order, so paging through a sorted view is stable. */
export function sortOrder(t: TransferTable, sort: HistorySort): Uint32Array {
  return sorted(t, sort).order
}

/**
 * sortOrder, and whether its keys were all of one kind (all text or all numbers). Only then is the order total,
 * so that rows merged in later can be placed into it (mergedOrder); a field with values of mixed kinds (a
 * service sending a state as text) has an order only a whole sort gives.
 */
export function sorted(t: TransferTable, sort: HistorySort): { order: Uint32Array; total: boolean } {
  const keyOf = sortKeys(t, sort.key)
  const keys = Array.from({ length: t.length }, (_, i) => keyOf(i))
  const kind = keys.length > 0 ? kindOf(keys[0]) : 's'
  const total = kind !== null && keys.every((k) => kindOf(k) === kind)
  const dir = sort.dir === 'asc' ? 1 : -1
  const cmp = (a: number, b: number): number => {
    const x = keys[a] as string | number | bigint
    const y = keys[b] as string | number | bigint
    return x < y ? -dir : x > y ? dir : a - b
  }
  const order = Array.from({ length: t.length }, (_, i) => i)
  let inOrder = true
  for (let k = 1; k < order.length && inOrder; k++) inOrder = cmp(k - 1, k) < 0
  if (!inOrder) order.sort(cmp)
  return { order: Uint32Array.from(order), total }
}

/**
 * The order `sortOrder(t, sort)` gives, found from the order of the table `t` was merged from (TransferTable.
 * merged: `head` rows on top, the rows of `replaced` — old numbering — swapped): the old order, moved down by
 * `head` and without the replaced rows, is still in order (their keys and relative places did not change), so
 * only the head and replaced rows are placed, each by binary search. A merge of a few rows into a million
 * sorted ones costs one pass over the order, not a sort.
 */
export function mergedOrder(
  t: TransferTable,
  sort: HistorySort,
  old: { order: Uint32Array; total: boolean },
  head: number,
  replaced: readonly number[]
): { order: Uint32Array; total: true } | null {
  if (!old.total || old.order.length === 0) return null
  const keyOf = sortKeys(t, sort.key)
  const dir = sort.dir === 'asc' ? 1 : -1
  const cmp = (a: number, b: number): number => {
    const x = keyOf(a)
    const y = keyOf(b)
    return x < y ? -dir : x > y ? dir : a - b
  }
  const placed = [...Array.from({ length: head }, (_, i) => i), ...replaced.map((r) => r + head)]
  // the rows placed must be of the kind of those already in order, or the order is no longer total
  const kind = kindOf(keyOf((old.order[0] as number) + head))
  if (kind === null || !placed.every((i) => kindOf(keyOf(i)) === kind)) return null
  placed.sort(cmp)
  const gone = new Set(replaced)
  const kept = new Uint32Array(old.order.length - gone.size)
  let k = 0
  for (let j = 0; j < old.order.length; j++) {
    const i = old.order[j] as number
    if (!gone.has(i)) kept[k++] = i + head
  }
  const out = new Uint32Array(t.length)
  let from = 0
  let at = 0
  for (const p of placed) {
    // the first kept row that sorts after p
    let lo = from
    let hi = kept.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cmp(kept[mid] as number, p) < 0) lo = mid + 1
      else hi = mid
    }
    out.set(kept.subarray(from, lo), at)
    at += lo - from
    out[at++] = p
    from = lo
  }
  out.set(kept.subarray(from), at)
  return { order: out, total: true }
}
