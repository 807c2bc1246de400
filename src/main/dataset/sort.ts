// Sorting a loaded history, read from its columns (table.ts) rather than from records: one key per row, and
// rows merged in later placed into an order already computed rather than sorted again.
import type { HistorySort } from '@shared/contract'
import { amountOrder, receivedAmount, sentAmount, stableOrder } from '@shared/amounts'
import { deliveryMsOfRecord } from '@shared/transfer'
import type { TransferTable } from './table'

/** The key row i sorts by: what a person reads, so amounts compare each in its own token's decimals. */
function sortKeys(t: TransferTable, key: HistorySort['key']): (i: number) => string | number | bigint {
  switch (key) {
    case 'timestamp':
      return (i) => t.value(i, 'timestamp')
    // By the value a person reads (each side in its own token's decimals), so 100 USDT with 6 decimals and
    // 99.5 USDT with 18 order as 100 > 99.5; amounts of unknown decimals order first.
    case 'amount':
      return (i) => amountOrder(sentAmount({ amount: t.value(i, 'amount'), tokenObject: t.value(i, 'tokenObject'), origin: t.value(i, 'origin') }))
    case 'inAmount':
      return (i) => amountOrder(receivedAmount({ inAmount: t.value(i, 'inAmount'), received: t.value(i, 'received'), origin: t.value(i, 'origin') }))
    // The stable value is in human units already (the service's `<stable>Valume`): what the transfer was worth,
    // comparable across tokens; rows without one order first, like amounts of unknown decimals.
    case 'stable':
      return (i) => stableOrder(t.value(i, 'stable'))
    case 'symbol':
      return (i) => t.value(i, 'tokenObject')?.symbol ?? ''
    // send → receipt as the Duration column writes it (the model's rule); a transfer not delivered, or whose
    // times do not read, has none and orders first
    case 'duration':
      return (i) =>
        deliveryMsOfRecord({
          state: t.value(i, 'state'),
          outcome: t.value(i, 'outcome'),
          timestamp: t.value(i, 'timestamp'),
          createdAt: t.value(i, 'createdAt'),
          updatedAt: t.value(i, 'updatedAt'),
          origin: t.value(i, 'origin')
        }) ?? -1
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
