// Sorting and filtering a loaded history in main, so the renderer only ever receives the rows it shows.
// A view (one sort + filter over one dataset) is an index array computed once and reused while scrolling.
//
// Speed (bench: filter_p95_ms, table_first_rows_ms, 100,000 rows): a keystroke in the filter must repaint
// within 50 ms, so a new view is derived from the narrowest cached view it refines (same sort, same other
// fields, a text that contains the cached one's text) instead of from every row, and keeps that view's
// order (no sort). Text matching runs over one lower-cased string per row, built once per dataset. A sort
// first checks whether the rows are already in order — a service's newest-first history is, for the default
// sort — and then costs one pass instead of an O(n log n) sort.
import type { HistoryFilter, HistorySort } from '@shared/contract'
import { toScaledUnits } from '@shared/decimal'
import type { TransferRecord } from '@shared/schemas/wire'

function dayBound(text: string, end: boolean): string {
  return text.length === 10 ? `${text} ${end ? '23:59:59' : '00:00:00'}` : text
}

/** Cannot be typed into the filter box; separates the fields of a row's search text. */
const SEP = '\u0000'

/** The text the filter searches, lower-cased once: hash, received hash, from, to, token symbol. */
export function searchText(r: TransferRecord): string {
  return `${r.hash}${SEP}${r.transferinHash}${SEP}${r.from}${SEP}${r.to}${SEP}${r.tokenObject?.symbol ?? ''}`.toLowerCase()
}

/** The filter without empty fields, so {} and {text: ' '} are the same view as no filter. */
export function normalFilter(f: HistoryFilter | undefined): HistoryFilter | undefined {
  if (!f) return undefined
  const out: HistoryFilter = {}
  const text = f.text?.trim().toLowerCase()
  if (text) out.text = text
  if (f.token) out.token = f.token.toLowerCase()
  if (f.fromChainId !== undefined) out.fromChainId = f.fromChainId
  if (f.toChainId !== undefined) out.toChainId = f.toChainId
  if (f.state !== undefined) out.state = f.state
  if (f.from) out.from = f.from
  if (f.to) out.to = f.to
  return Object.keys(out).length > 0 ? out : undefined
}

/** `f` must be normalFilter's output; `search` the row's searchText, when the filter has text. */
function matches(r: TransferRecord, f: HistoryFilter, search: string | undefined): boolean {
  if (f.fromChainId !== undefined && r.fromChainid !== f.fromChainId) return false
  if (f.toChainId !== undefined && r.toChainid !== f.toChainId) return false
  if (f.state !== undefined && r.state !== f.state) return false
  if (f.from && r.timestamp < dayBound(f.from, false)) return false
  if (f.to && r.timestamp > dayBound(f.to, true)) return false
  if (f.token) {
    const symbol = r.tokenObject?.symbol.toLowerCase() ?? ''
    if (symbol !== f.token && r.tokenAddress.toLowerCase() !== f.token) return false
  }
  if (f.text) {
    const q = f.text
    if (q.includes(SEP)) return searchText(r).split(SEP).some((field) => field.includes(q))
    if (!(search ?? searchText(r)).includes(q)) return false
  }
  return true
}

/** Exact decimal text at the wire's six fractional digits, for ordering. */
function scaled(text: string): bigint {
  try {
    return toScaledUnits(text, 6)
  } catch {
    return 0n
  }
}

function sortKey(r: TransferRecord, key: HistorySort['key']): string | number | bigint {
  switch (key) {
    case 'timestamp':
      return r.timestamp
    case 'amount':
      return scaled(r.amount)
    case 'inAmount':
      return scaled(r.inAmount)
    case 'state':
      return r.state
    case 'type':
      return r.type
    case 'fromChainid':
      return r.fromChainid
    case 'toChainid':
      return r.toChainid
    case 'symbol':
      return r.tokenObject?.symbol ?? ''
  }
}

function sortPicked(rows: readonly TransferRecord[], picked: number[], sort: HistorySort): Uint32Array {
  const keys = picked.map((i) => sortKey(rows[i] as TransferRecord, sort.key))
  const dir = sort.dir === 'asc' ? 1 : -1
  // ties keep the loaded order, so paging through a sorted view is stable
  const cmp = (a: number, b: number): number => {
    const x = keys[a] as string | number | bigint
    const y = keys[b] as string | number | bigint
    return x < y ? -dir : x > y ? dir : a - b
  }
  let inOrder = true
  for (let k = 1; k < picked.length && inOrder; k++) inOrder = cmp(k - 1, k) < 0
  if (inOrder) return Uint32Array.from(picked)
  const order = picked.map((_, k) => k)
  order.sort(cmp)
  return Uint32Array.from(order, (k) => picked[k] as number)
}

/**
 * The view's row indexes. With `base` (a view of the same sort whose filter this one only narrows), only
 * base's rows are tested and base's order is kept.
 */
export function computeView(
  rows: readonly TransferRecord[],
  sort?: HistorySort,
  filter?: HistoryFilter,
  base?: Uint32Array,
  search?: readonly string[]
): Uint32Array {
  const f = normalFilter(filter)
  const picked: number[] = []
  const test = (i: number): void => {
    const r = rows[i]
    if (r && (!f || matches(r, f, search?.[i]))) picked.push(i)
  }
  if (base) {
    for (const i of base) test(i)
    return Uint32Array.from(picked)
  }
  for (let i = 0; i < rows.length; i++) test(i)
  return sort ? sortPicked(rows, picked, sort) : Uint32Array.from(picked)
}

/** Whether every row `narrow` keeps is kept by `wide` (same fields but text, and text refined). */
function refines(narrow: HistoryFilter | undefined, wide: HistoryFilter | undefined): boolean {
  if (!wide) return true
  if (!narrow) return false
  const { text: a = '', ...restA } = narrow
  const { text: b = '', ...restB } = wide
  return a.includes(b) && JSON.stringify(restA) === JSON.stringify(restB)
}

interface CachedView {
  sort: string
  filter: HistoryFilter | undefined
  view: Uint32Array
}

export class ViewCache {
  private readonly views = new Map<string, CachedView>()
  private version = -1
  private search: string[] | null = null

  constructor(private readonly max = 24) {}

  get(rows: readonly TransferRecord[], version: number, sort?: HistorySort, filter?: HistoryFilter): Uint32Array {
    if (version !== this.version) {
      // A new load: views of the old rows can never be asked for again.
      this.clear()
      this.version = version
    }
    const f = normalFilter(filter)
    const sortKeyText = JSON.stringify(sort ?? null)
    const key = JSON.stringify([sortKeyText, f ?? null])
    const hit = this.views.get(key)
    if (hit) {
      // most recently used last, so eviction drops the least recently used
      this.views.delete(key)
      this.views.set(key, hit)
      return hit.view
    }
    let base: Uint32Array | undefined
    for (const c of this.views.values()) {
      if (c.sort === sortKeyText && refines(f, c.filter) && (!base || c.view.length < base.length)) base = c.view
    }
    if (f?.text && !this.search) this.search = rows.map(searchText)
    const view = computeView(rows, sort, f, base, this.search ?? undefined)
    this.views.set(key, { sort: sortKeyText, filter: f, view })
    if (this.views.size > this.max) {
      const oldest = this.views.keys().next().value
      if (oldest !== undefined) this.views.delete(oldest)
    }
    return view
  }

  clear(): void {
    this.views.clear()
    this.search = null
  }
}
