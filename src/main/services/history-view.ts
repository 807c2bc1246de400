// Sorting and filtering a loaded history in main, so the renderer only ever receives the rows it shows.
// Per dataset we keep, built on first use, a lower-cased search text per row and one full sort order per
// sort key; a view (one sort + filter) is then a single linear pass over that order, fast enough to follow
// every keystroke on 100,000 rows.
import type { HistoryFilter, HistorySort } from '@shared/contract'
import { toScaledUnits } from '@shared/decimal'
import type { TransferRecord } from '@shared/schemas/wire'

function dayBound(text: string, end: boolean): string {
  return text.length === 10 ? `${text} ${end ? '23:59:59' : '00:00:00'}` : text
}

function haystack(r: TransferRecord): string {
  return `${r.hash}\n${r.transferinHash}\n${r.from}\n${r.to}\n${r.tokenObject?.symbol ?? ''}`.toLowerCase()
}

/** The filter as a predicate over row indices, with its strings prepared once. */
function predicate(rows: readonly TransferRecord[], text: () => string[], f: HistoryFilter): (i: number) => boolean {
  const from = f.from ? dayBound(f.from, false) : null
  const to = f.to ? dayBound(f.to, true) : null
  const token = f.token?.toLowerCase() ?? null
  const q = f.text?.trim().toLowerCase() || null
  const texts = q ? text() : null
  return (i) => {
    const r = rows[i] as TransferRecord
    if (f.fromChainId !== undefined && r.fromChainid !== f.fromChainId) return false
    if (f.toChainId !== undefined && r.toChainid !== f.toChainId) return false
    if (f.state !== undefined && r.state !== f.state) return false
    if (from && r.timestamp < from) return false
    if (to && r.timestamp > to) return false
    if (token && (r.tokenObject?.symbol.toLowerCase() ?? '') !== token && r.tokenAddress.toLowerCase() !== token) return false
    if (q && !(texts as string[])[i]?.includes(q)) return false
    return true
  }
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

/** Every row index ordered by `sort`; ties keep the loaded order, so paging through a sorted view is stable. */
export function sortOrder(rows: readonly TransferRecord[], sort: HistorySort): Uint32Array {
  const keys = rows.map((r) => sortKey(r, sort.key))
  const order = Array.from(rows, (_, i) => i)
  const dir = sort.dir === 'asc' ? 1 : -1
  order.sort((a, b) => {
    const x = keys[a] as string | number | bigint
    const y = keys[b] as string | number | bigint
    return x < y ? -dir : x > y ? dir : a - b
  })
  return Uint32Array.from(order)
}

/** The prepared indexes of one loaded dataset, and its last few views. */
export class DatasetViews {
  private texts: string[] | null = null
  private readonly orders = new Map<string, Uint32Array>()
  private readonly views = new Map<string, Uint32Array>()

  constructor(
    private readonly rows: readonly TransferRecord[],
    private readonly maxViews = 8
  ) {}

  private searchText = (): string[] => (this.texts ??= this.rows.map(haystack))

  private order(sort: HistorySort): Uint32Array {
    const key = `${sort.key}:${sort.dir}`
    let order = this.orders.get(key)
    if (!order) {
      order = sortOrder(this.rows, sort)
      this.orders.set(key, order)
    }
    return order
  }

  view(sort?: HistorySort, filter?: HistoryFilter): Uint32Array {
    const key = JSON.stringify([sort ?? null, filter ?? null])
    const known = this.views.get(key)
    if (known) return known
    const base = sort ? this.order(sort) : null
    const n = this.rows.length
    let view: Uint32Array
    if (!filter) {
      view = base ?? Uint32Array.from({ length: n }, (_, i) => i)
    } else {
      const keep = predicate(this.rows, this.searchText, filter)
      const out = new Uint32Array(n)
      let m = 0
      for (let k = 0; k < n; k++) {
        const i = base ? (base[k] as number) : k
        if (keep(i)) out[m++] = i
      }
      view = out.slice(0, m)
    }
    this.views.set(key, view)
    if (this.views.size > this.maxViews) {
      const oldest = this.views.keys().next().value
      if (oldest !== undefined) this.views.delete(oldest)
    }
    return view
  }
}
