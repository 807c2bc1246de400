// A loaded history held as columns (see columns.ts for why): built once from the decoded records, read
// back one row at a time for the window the renderer shows, and read a column at a time by filters and sorts.
// Reading row i gives a record equal to the one that went in — every known field, every field this version
// does not know, nulls and missing keys alike (property-tested in test/unit/main/dataset/table.test.ts).
import type { TransferRecord } from '@shared/schemas/wire'
import { ABSENT, cellOf, Hex32Column, InternColumn, IntColumn, TextColumn, TimeColumn, type Cell, type Column, type Splice } from './columns'
import { ownText } from '../own-text'
import { DistinctTexts, SearchColumns } from './text-search'

const INT_FIELDS = [
  'id',
  'fromChainid',
  'toChainid',
  'height',
  'confirmHeight',
  'relayerSendHeight',
  'relayerChainid',
  'relayerHeight',
  'relayerConfirmHeight',
  'state',
  'type',
  'transferinHeight',
  'transferinConfirmHeight',
  'transferinSendHeight'
] as const
const INTERN_FIELDS = [
  'chain',
  'contract',
  'from',
  'to',
  'tokenAddress',
  'relayerSendHash',
  'relayerHash',
  'relayerContract',
  'transferinContract',
  'fromChainObject',
  'toChainObject',
  'tokenObject',
  'issues',
  'received',
  'origin',
  'outcome'
] as const
const TEXT_FIELDS = ['amount', 'inAmount'] as const
/** 32-byte hex values stored as bytes (anything else in them is kept as it was) */
const HEX32_FIELDS = ['orderId', 'transferinSendHash'] as const
const TIME_FIELDS = ['timestamp', 'createdAt', 'updatedAt'] as const
/** what the text filter searches besides the addresses and the token symbol (interned columns) */
export const SEARCHED_FIELDS = ['hash', 'transferinHash'] as const

type StableHead = { symbol: string; field: string }

/** Each row's distinct state (number and outcome): `ids[i]` indexes `first` (a row in that state) and `counts`. */
export interface StateIndex {
  ids: Uint32Array
  first: number[]
  counts: number[]
}

const chainNameText = (v: Cell): string => `${v === ABSENT ? '' : ((v as { chainName?: unknown } | null)?.chainName ?? '')}`
const isStable = (v: Cell): v is { symbol: string; field: string; value: string } =>
  v !== null &&
  typeof v === 'object' &&
  Object.keys(v).length === 3 &&
  typeof (v as StableHead).symbol === 'string' &&
  typeof (v as StableHead).field === 'string' &&
  typeof (v as { value?: unknown }).value === 'string'

const KNOWN = new Set<string>([...INT_FIELDS, ...INTERN_FIELDS, ...TEXT_FIELDS, ...HEX32_FIELDS, ...TIME_FIELDS, ...SEARCHED_FIELDS, 'stable'])

/** A field this version does not know (the `<symbol>Valume` value, fields a newer service adds): kept by name. */
function extraColumn(cells: (i: number) => Cell, n: number): Column {
  let strings = 0
  for (let i = 0; i < n; i++) if (typeof cells(i) === 'string') strings++
  if (strings * 2 >= n) return new TextColumn(cells, n)
  return new SparseColumn(cells, n)
}

class SparseColumn implements Column {
  private readonly cells = new Map<number, Cell>()

  constructor(cells: (i: number) => Cell, n: number) {
    const texts: string[] = []
    for (let i = 0; i < n; i++) {
      const v = cells(i)
      if (v === ABSENT) continue
      this.cells.set(i, v)
      if (typeof v === 'string') texts.push(v)
    }
    // The texts cut back out of one string of the column's own: kept as they came, the amounts of a
    // `<symbol>Valume` field most rows have no value in would each keep their whole response body alive
    // (ownText says why).
    const pool = ownText(texts)
    let at = 0
    for (const [i, v] of this.cells) {
      if (typeof v !== 'string') continue
      this.cells.set(i, pool.slice(at, at + v.length))
      at += v.length
    }
  }

  get(i: number): Cell {
    return this.cells.has(i) ? this.cells.get(i) : ABSENT
  }
}

// Columns that read other columns are made outside the table's constructor: a closure made inside it would
// keep the constructor's scope, and with it every decoded record, alive as long as the table.
function searchedColumn(search: SearchColumns, field: number): Column {
  return { get: (i) => search.get(i, field) }
}

class StableColumn implements Column {
  constructor(
    readonly head: InternColumn,
    readonly value: TextColumn
  ) {}

  get(i: number): Cell {
    const head = this.head.get(i)
    if (typeof head !== 'string') return head
    const cut = head.indexOf('\u0000')
    return { symbol: head.slice(0, cut), field: head.slice(cut + 1), value: this.value.get(i) }
  }
}

/** Where a table's cells come from: decoded records, or another table's columns (merged). */
interface RowSource {
  length: number
  /** the cells of one field, row by row (ABSENT where a row has no such key) */
  cells(key: string): (i: number) => Cell
  /** fields this version does not know that some row has */
  extraKeys(): Iterable<string>
  /**
   * a table this one is made from: its columns moved down by `head` rows, with only the rows of `fresh` (new
   * numbering, ascending) read from `cells` — the others are copied in their compact form
   */
  from?: { table: TransferTable; head: number; fresh: readonly number[] }
}

type ColumnKind<C extends Column> = new (cells: (i: number) => Cell, n: number, splice?: Splice<C>) => C

/** The keys of `records` this version does not know. */
function unknownKeys(records: readonly TransferRecord[]): Set<string> {
  const extras = new Set<string>()
  for (const r of records) {
    // a record with more keys than are known has one of its own; otherwise each key is looked up
    const keys = Object.keys(r)
    if (keys.length <= KNOWN.size && keys.every((k) => KNOWN.has(k))) continue
    for (const k of keys) if (!KNOWN.has(k)) extras.add(k)
  }
  return extras
}

// Made outside the table's constructor: a closure made inside it would keep the constructor's scope alive as
// long as the table (see searchedColumn).
function recordSource(records: readonly TransferRecord[]): RowSource {
  return {
    length: records.length,
    cells: (key) => (i) => cellOf(records[i] as object, key),
    extraKeys: () => unknownKeys(records)
  }
}

export class TransferTable {
  readonly length: number
  readonly ints: Record<(typeof INT_FIELDS)[number], IntColumn>
  readonly interned: Record<(typeof INTERN_FIELDS)[number], InternColumn>
  readonly times: Record<(typeof TIME_FIELDS)[number], TimeColumn>
  readonly search: SearchColumns
  /** the addresses, token symbols and chain names the text filter searches, per distinct value */
  readonly distinct: { from: DistinctTexts; to: DistinctTexts; symbol: DistinctTexts; fromChain: DistinctTexts; toChain: DistinctTexts }
  private stateIndex: StateIndex | null = null
  private readonly columns: [string, Column][] = []
  private readonly byKey = new Map<string, Column>()

  constructor(records: readonly TransferRecord[] | RowSource) {
    const source = Array.isArray(records) ? recordSource(records as readonly TransferRecord[]) : (records as RowSource)
    const n = source.length
    this.length = n
    const cell = source.cells
    const from = source.from
    /** the old column of the same kind to copy from, when this table is made from another */
    const spliceOf = <C extends Column>(old: Column | undefined, Kind: ColumnKind<C>): Splice<C> | undefined =>
      from && old instanceof Kind ? { from: old, head: from.head, fresh: from.fresh } : undefined
    const build = <K extends string, C extends Column>(keys: readonly K[], Kind: ColumnKind<C>): Record<K, C> => {
      const out = {} as Record<K, C>
      for (const k of keys) {
        out[k] = new Kind(cell(k), n, spliceOf(from?.table.byKey.get(k), Kind))
        this.columns.push([k, out[k]])
      }
      return out
    }
    this.ints = build(INT_FIELDS, IntColumn)
    this.interned = build(INTERN_FIELDS, InternColumn)
    build(TEXT_FIELDS, TextColumn)
    build(HEX32_FIELDS, Hex32Column)
    this.times = build(TIME_FIELDS, TimeColumn)
    const searched = SEARCHED_FIELDS.map((k) => cell(k))
    this.search = new SearchColumns(
      SEARCHED_FIELDS,
      (i, f) => (searched[f] as (i: number) => Cell)(i),
      n,
      from ? { from: from.table.search, head: from.head, fresh: from.fresh } : undefined
    )
    SEARCHED_FIELDS.forEach((k, f) => this.columns.push([k, searchedColumn(this.search, f)]))
    // as `${value}` would read them in a template, so a missing address is searched as the text 'undefined'
    // exactly as the record-by-record filter did
    const asText = (v: Cell): string => `${v === ABSENT ? undefined : (v as string)}`
    this.distinct = {
      from: new DistinctTexts(this.interned.from.values, asText),
      to: new DistinctTexts(this.interned.to.values, asText),
      symbol: new DistinctTexts(this.interned.tokenObject.values, (v) => `${v === ABSENT ? '' : ((v as { symbol?: string } | null)?.symbol ?? '')}`),
      fromChain: new DistinctTexts(this.interned.fromChainObject.values, chainNameText),
      toChain: new DistinctTexts(this.interned.toChainObject.values, chainNameText)
    }

    const stable = cell('stable')
    const oldStable = from?.table.byKey.get('stable')
    // the stable value: symbol and field interned, the value pooled (it is unique to the row)
    const stableHead = new InternColumn(
      (i) => {
        const v = stable(i)
        return isStable(v) ? `${v.symbol}\u0000${v.field}` : v
      },
      n,
      spliceOf(oldStable instanceof StableColumn ? oldStable.head : undefined, InternColumn)
    )
    const stableValue = new TextColumn(
      (i) => {
        const v = stable(i)
        return isStable(v) ? v.value : ABSENT
      },
      n,
      spliceOf(oldStable instanceof StableColumn ? oldStable.value : undefined, TextColumn)
    )
    this.columns.push(['stable', new StableColumn(stableHead, stableValue)])

    for (const k of source.extraKeys()) {
      const text = spliceOf(from?.table.byKey.get(k), TextColumn)
      this.columns.push([k, text ? new TextColumn(cell(k), n, text) : extraColumn(cell(k), n)])
    }
    for (const [k, c] of this.columns) this.byKey.set(k, c)
  }

  /**
   * A new table of `head` (newest first) above this table's rows, with the rows of `replaced` (row index →
   * record) swapped for their new records; every other row reads back exactly as it did. Made column by column
   * from this table's columns, copied in their compact form (fields this version does not know: read cell by
   * cell): no row becomes a record on the way, so a loaded million stays columns.
   */
  merged(head: readonly TransferRecord[], replaced: ReadonlyMap<number, TransferRecord>): TransferTable {
    const h = head.length
    // row → its replacement's place in `swaps`, or -1: a typed array read per cell, not a map lookup
    const swaps = [...replaced.values()]
    const swapAt = new Int32Array(this.length).fill(-1)
    let s = 0
    for (const row of replaced.keys()) swapAt[row] = s++
    const fresh = [...Array.from({ length: h }, (_, i) => i), ...[...replaced.keys()].sort((a, b) => a - b).map((row) => row + h)]
    const extras = new Set<string>()
    for (const [k] of this.columns) if (!KNOWN.has(k)) extras.add(k)
    for (const k of unknownKeys([...head, ...swaps])) extras.add(k)
    return new TransferTable({
      length: h + this.length,
      cells: (key) => {
        const old = this.byKey.get(key)
        return (i) => {
          if (i < h) return cellOf(head[i] as object, key)
          const j = i - h
          const at = swapAt[j] as number
          if (at >= 0) return cellOf(swaps[at] as object, key)
          return old ? old.get(j) : ABSENT
        }
      },
      extraKeys: () => extras,
      from: { table: this, head: h, fresh }
    })
  }

  /**
   * Each row's state as an index into the distinct states (number and outcome) the history holds, with the row
   * of each that stands for it: made once, on first use (a filter by state words, the filters' state list).
   */
  states(): StateIndex {
    if (this.stateIndex) return this.stateIndex
    const state = this.ints.state
    const outcome = this.interned.outcome
    const ids = new Uint32Array(this.length)
    // by state number, then by outcome id: numbers as keys, no text made per row
    const byKey = new Map<number, Map<number, number>>()
    const first: number[] = []
    const counts: number[] = []
    for (let i = 0; i < this.length; i++) {
      const n = state.data[i] as number
      const o = outcome.ids[i] as number
      let inner = byKey.get(n)
      if (!inner) byKey.set(n, (inner = new Map()))
      let id = inner.get(o)
      if (id === undefined) {
        id = first.push(i) - 1
        counts.push(0)
        inner.set(o, id)
      }
      ids[i] = id
      counts[id] = (counts[id] as number) + 1
    }
    this.stateIndex = { ids, first, counts }
    return this.stateIndex
  }

  /** Row i as a record, equal to the one that went in. */
  get(i: number): TransferRecord {
    const out: Record<string, unknown> = {}
    for (const [key, column] of this.columns) {
      const v = column.get(i)
      if (v !== ABSENT) out[key] = v
    }
    return out as TransferRecord
  }

  /** One field of row i (undefined when the record had no such key). */
  value<K extends keyof TransferRecord & string>(i: number, key: K): TransferRecord[K] {
    const v = this.byKey.get(key)?.get(i)
    return (v === ABSENT ? undefined : v) as TransferRecord[K]
  }

  /** Every row in order, read as it is reached. */
  *rows(): Generator<TransferRecord> {
    for (let i = 0; i < this.length; i++) yield this.get(i)
  }

  /** Rows in the order of `indexes`, as records: a window for the table, a view for an export. */
  records(indexes: ArrayLike<number>): TransferRecord[] {
    return Array.from(indexes, (i) => this.get(i))
  }
}
