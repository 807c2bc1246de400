// Sorting and filtering a loaded history in main, so the renderer only ever receives the rows it shows.
//
// Speed (bench: filter_p95_ms, table_first_rows_ms, 100,000 rows): a keystroke in the filter must repaint
// within 50 ms. Per dataset we keep, built on first use, one lower-cased search text per row and one full
// order per sort (a sort first checks whether the rows are already in order — a newest-first history is —
// and then costs one pass). A view (sort + filter) is one linear pass over that order, or, when a cached
// view of the same sort has a filter this one only narrows (the text typed so far), over that view alone.
import type { HistoryFilter, HistorySort } from '@shared/contract'
import { amountOrder, receivedAmount, sentAmount } from '@shared/amounts'
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

/** `f` is normalFilter's output; `texts` the rows' search texts (needed when f has text). */
function predicate(rows: readonly TransferRecord[], texts: () => string[], f: HistoryFilter): (i: number) => boolean {
  const search = f.text ? texts() : null
  return (i) => {
    const r = rows[i] as TransferRecord
    if (f.fromChainId !== undefined && r.fromChainid !== f.fromChainId) return false
    if (f.toChainId !== undefined && r.toChainid !== f.toChainId) return false
    if (f.state !== undefined && r.state !== f.state) return false
    if (f.from && r.timestamp < f.from) return false
    if (f.to && r.timestamp > f.to) return false
    if (f.token && (r.tokenObject?.symbol.toLowerCase() ?? '') !== f.token && r.tokenAddress.toLowerCase() !== f.token) return false
    if (search && !(search[i] as string).includes(f.text as string)) return false
    return true
  }
}

/** Whether every row `narrow` keeps is kept by `wide` (same fields but text, and text refined). */
function refines(narrow: HistoryFilter | undefined, wide: HistoryFilter | undefined): boolean {
  if (!wide) return true
  if (!narrow) return false
  const { text: a = '', ...restA } = narrow
  const { text: b = '', ...restB } = wide
  return a.includes(b) && JSON.stringify(restA) === JSON.stringify(restB)
}

function sortKey(r: TransferRecord, key: HistorySort['key']): string | number | bigint {
  switch (key) {
    case 'timestamp':
      return r.timestamp
    // By the value a person reads (each side in its own token's decimals), so 100 USDT with 6 decimals and
    // 99.5 USDT with 18 order as 100 > 99.5; amounts of unknown decimals order first.
    case 'amount':
      return amountOrder(sentAmount(r))
    case 'inAmount':
      return amountOrder(receivedAmount(r))
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

/** Every row index ordered by `sort`; ties keep the loaded order, so paging through a sorted view is stable. */
export function sortOrder(rows: readonly TransferRecord[], sort: HistorySort): Uint32Array {
  const keys = rows.map((r) => sortKey(r, sort.key))
  const dir = sort.dir === 'asc' ? 1 : -1
  const cmp = (a: number, b: number): number => {
    const x = keys[a] as string | number | bigint
    const y = keys[b] as string | number | bigint
    return x < y ? -dir : x > y ? dir : a - b
  }
  const order = Array.from(rows, (_, i) => i)
  let inOrder = true
  for (let k = 1; k < order.length && inOrder; k++) inOrder = cmp(k - 1, k) < 0
  if (!inOrder) order.sort(cmp)
  return Uint32Array.from(order)
}

interface CachedView {
  sort: string
  filter: HistoryFilter | undefined
  view: Uint32Array
}

/** The prepared indexes of one loaded dataset, and its recently used views. */
export class DatasetViews {
  private texts: string[] | null = null
  private readonly orders = new Map<string, Uint32Array>()
  private readonly views = new Map<string, CachedView>()

  constructor(
    private readonly rows: readonly TransferRecord[],
    private readonly maxViews = 24
  ) {}

  private searchTexts = (): string[] => (this.texts ??= this.rows.map(searchText))

  private order(sort: HistorySort | undefined): Uint32Array | null {
    if (!sort) return null
    const key = `${sort.key}:${sort.dir}`
    let order = this.orders.get(key)
    if (!order) {
      order = sortOrder(this.rows, sort)
      this.orders.set(key, order)
    }
    return order
  }

  view(sort?: HistorySort, filter?: HistoryFilter): Uint32Array {
    const f = normalFilter(filter)
    const sortText = JSON.stringify(sort ?? null)
    const key = JSON.stringify([sortText, f ?? null])
    const hit = this.views.get(key)
    if (hit) {
      // most recently used last, so eviction drops the least recently used
      this.views.delete(key)
      this.views.set(key, hit)
      return hit.view
    }
    let view: Uint32Array
    if (!f) {
      view = this.order(sort) ?? Uint32Array.from({ length: this.rows.length }, (_, i) => i)
    } else {
      let base: Uint32Array | null = null
      for (const c of this.views.values()) {
        if (c.sort === sortText && refines(f, c.filter) && (!base || c.view.length < base.length)) base = c.view
      }
      base ??= this.order(sort)
      const keep = predicate(this.rows, this.searchTexts, f)
      const n = base ? base.length : this.rows.length
      const out = new Uint32Array(n)
      let m = 0
      for (let k = 0; k < n; k++) {
        const i = base ? (base[k] as number) : k
        if (keep(i)) out[m++] = i
      }
      view = out.slice(0, m)
    }
    this.views.set(key, { sort: sortText, filter: f, view })
    if (this.views.size > this.maxViews) {
      const oldest = this.views.keys().next().value
      if (oldest !== undefined) this.views.delete(oldest)
    }
    return view
  }
}
