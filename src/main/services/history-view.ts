// Sorting and filtering a loaded history in main, so the renderer only ever receives the rows it shows.
// A view (one sort + filter over one dataset) is an index array computed once and reused while scrolling.
import type { HistoryFilter, HistorySort } from '@shared/contract'
import { toScaledUnits } from '@shared/decimal'
import type { TransferRecord } from '@shared/schemas/wire'

function dayBound(text: string, end: boolean): string {
  return text.length === 10 ? `${text} ${end ? '23:59:59' : '00:00:00'}` : text
}

function matches(r: TransferRecord, f: HistoryFilter): boolean {
  if (f.fromChainId !== undefined && r.fromChainid !== f.fromChainId) return false
  if (f.toChainId !== undefined && r.toChainid !== f.toChainId) return false
  if (f.state !== undefined && r.state !== f.state) return false
  if (f.from && r.timestamp < dayBound(f.from, false)) return false
  if (f.to && r.timestamp > dayBound(f.to, true)) return false
  if (f.token) {
    const t = f.token.toLowerCase()
    const symbol = r.tokenObject?.symbol.toLowerCase() ?? ''
    if (symbol !== t && r.tokenAddress.toLowerCase() !== t) return false
  }
  if (f.text) {
    const q = f.text.trim().toLowerCase()
    if (
      q &&
      !r.hash.toLowerCase().includes(q) &&
      !r.transferinHash.toLowerCase().includes(q) &&
      !r.from.toLowerCase().includes(q) &&
      !r.to.toLowerCase().includes(q) &&
      !(r.tokenObject?.symbol.toLowerCase().includes(q) ?? false)
    )
      return false
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

export function computeView(rows: readonly TransferRecord[], sort?: HistorySort, filter?: HistoryFilter): Uint32Array {
  const picked: number[] = []
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]
    if (r && (!filter || matches(r, filter))) picked.push(i)
  }
  if (sort) {
    const keys = picked.map((i) => sortKey(rows[i] as TransferRecord, sort.key))
    const order = picked.map((_, k) => k)
    const dir = sort.dir === 'asc' ? 1 : -1
    order.sort((a, b) => {
      const x = keys[a] as string | number | bigint
      const y = keys[b] as string | number | bigint
      // ties keep the loaded order, so paging through a sorted view is stable
      return x < y ? -dir : x > y ? dir : a - b
    })
    return Uint32Array.from(order, (k) => picked[k] as number)
  }
  return Uint32Array.from(picked)
}

export class ViewCache {
  private readonly views = new Map<string, Uint32Array>()

  constructor(private readonly max = 8) {}

  get(rows: readonly TransferRecord[], version: number, sort?: HistorySort, filter?: HistoryFilter): Uint32Array {
    const key = JSON.stringify([version, sort ?? null, filter ?? null])
    let view = this.views.get(key)
    if (!view) {
      view = computeView(rows, sort, filter)
      this.views.set(key, view)
      if (this.views.size > this.max) {
        const oldest = this.views.keys().next().value
        if (oldest !== undefined) this.views.delete(oldest)
      }
    }
    return view
  }

  clear(): void {
    this.views.clear()
  }
}
