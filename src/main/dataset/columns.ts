// The column kinds a loaded history is stored in (table.ts). Each keeps the exact value it was given: what does
// not fit the column's compact form (a null in a number column, a number past 32 bits, a timestamp in another
// format, a missing key) is kept as it was in a small map of exceptions, so reading a cell back always gives the
// value that went in.
//
// Why columns (a million loaded transfers must fit beside everything else the main process holds: bench
// main_heap_mb_per_100k ≤ 60): one object per transfer cost ~1.3 KB of heap, and strings the decoder cut out of
// a response body could keep that whole body alive. Here a transfer costs a few hundred bytes: numbers in typed
// arrays, repeated strings and detail objects interned, unique texts (amounts, order ids) pooled into one flat
// string per column.
import { ownText } from '../own-text'

/** Stands for a key the record did not have (distinct from a key whose value is undefined or null). */
export const ABSENT: unique symbol = Symbol('absent')
export type Cell = unknown

export interface Column {
  get(i: number): Cell
}

/**
 * A column made from another of its kind (a live refresh merging rows into a loaded history): the old rows
 * moved down by `head`, and only the rows of `fresh` (new numbering, ascending; every head row among them)
 * read from the cells. Copying the compact form is ~10× cheaper than reading every cell back and storing it
 * again (a hash read back is 64 characters built, then parsed back to 32 bytes).
 */
export interface Splice<C> {
  from: C
  head: number
  fresh: readonly number[]
}

/** `from`'s exceptions, their rows moved down by `by`, into `into`. */
function shifted(from: ReadonlyMap<number, Cell>, by: number, into: Map<number, Cell>): void {
  for (const [i, v] of from) into.set(i + by, v)
}

/**
 * Fills a column that keeps its odd values apart (`ex`): from a splice, the old rows' values copied down by
 * `copy`, their odd values moved with them, and only the fresh rows put; without one, every row put.
 */
function fillRows(
  n: number,
  ex: Map<number, Cell>,
  put: (i: number) => void,
  splice: { fromEx: ReadonlyMap<number, Cell>; head: number; fresh: readonly number[]; copy: () => void } | null
): void {
  if (!splice) {
    for (let i = 0; i < n; i++) put(i)
    return
  }
  splice.copy()
  shifted(splice.fromEx, splice.head, ex)
  for (const i of splice.fresh) {
    ex.delete(i)
    put(i)
  }
}

/**
 * A flat pool of texts, cell c at offsets[c]…offsets[c+1], as `from`'s moved down by `head` cells, with the
 * cells of `fresh` (ascending; every head cell among them) holding `text(c)`. Runs of old cells are copied
 * as one slice each.
 */
export function splicePool(
  from: { pool: string; offsets: Uint32Array },
  head: number,
  fresh: readonly number[],
  text: (c: number) => string
): { pool: string; offsets: Uint32Array } {
  const n = head + from.offsets.length - 1
  const offsets = new Uint32Array(n + 1)
  const parts: string[] = []
  let at = 0
  let f = 0
  let c = 0
  while (c < n) {
    if (f < fresh.length && fresh[f] === c) {
      const t = text(c)
      offsets[c] = at
      parts.push(t)
      at += t.length
      f++
      c++
      continue
    }
    const end = f < fresh.length ? (fresh[f] as number) : n
    const start = from.offsets[c - head] as number
    for (let x = c; x < end; x++) offsets[x] = (from.offsets[x - head] as number) - start + at
    const stop = from.offsets[end - head] as number
    parts.push(from.pool.slice(start, stop))
    at += stop - start
    c = end
  }
  offsets[n] = at
  return { pool: ownText(parts), offsets }
}

/** Reads `key` of `r` as a cell: ABSENT when the record has no such own key. */
export function cellOf(r: object, key: string): Cell {
  const v = (r as Record<string, unknown>)[key]
  // a present key is the common case; only undefined needs telling apart from a missing (or inherited) key
  if (v !== undefined && Object.prototype.hasOwnProperty.call(r, key)) return v
  return Object.prototype.hasOwnProperty.call(r, key) ? v : ABSENT
}

// Three values of the 32-bit range stand for what is not a plain number; a real number equal to one of them is
// an exception like any other. Null and ABSENT have their own, so the nullable relayer columns (null in
// nearly every record) need no exceptions at all.
const EXCEPTION = -2147483648
const NULL = -2147483647
const MISSING = -2147483646

/** Whole numbers in an Int32Array; null and ABSENT by marker; anything else (larger numbers, -0, text) an exception. */
export class IntColumn implements Column {
  readonly data: Int32Array
  private readonly ex = new Map<number, Cell>()

  constructor(cells: (i: number) => Cell, n: number, splice?: Splice<IntColumn>) {
    this.data = new Int32Array(n)
    const put = (i: number): void => {
      const v = cells(i)
      if (typeof v === 'number' && (v | 0) === v && v > MISSING && !Object.is(v, -0)) this.data[i] = v
      else if (v === null) this.data[i] = NULL
      else if (v === ABSENT) this.data[i] = MISSING
      else {
        this.data[i] = EXCEPTION
        this.ex.set(i, v)
      }
    }
    fillRows(n, this.ex, put, splice ? { fromEx: splice.from.ex, head: splice.head, fresh: splice.fresh, copy: () => this.data.set(splice.from.data, splice.head) } : null)
  }

  get(i: number): Cell {
    const v = this.data[i] as number
    return v > MISSING ? v : v === NULL ? null : v === MISSING ? ABSENT : this.ex.get(i)
  }
}

/**
 * Values that repeat (chain names, addresses, contracts, detail objects, null): each row holds the index of
 * its value. Objects are interned by identity first and by their JSON text second, so equal detail objects
 * decoded separately for each record are stored once.
 */
export class InternColumn implements Column {
  readonly ids: Uint32Array
  readonly values: Cell[] = []

  constructor(cells: (i: number) => Cell, n: number, splice?: Splice<InternColumn>) {
    this.ids = new Uint32Array(n)
    const byValue = new Map<Cell, number>()
    const byJson = new Map<string, number>()
    const put = (i: number): void => {
      const v = cells(i)
      let id = byValue.get(v)
      if (id === undefined) {
        if (v !== null && typeof v === 'object') {
          const json = JSON.stringify(v)
          id = byJson.get(json)
          if (id === undefined) {
            id = this.values.push(v) - 1
            byJson.set(json, id)
          }
        } else id = this.values.push(v) - 1
        byValue.set(v, id)
      }
      this.ids[i] = id
    }
    if (splice) {
      // the old values keep their ids (a value no row uses any more stays: it is found by no filter)
      this.ids.set(splice.from.ids, splice.head)
      for (const v of splice.from.values) {
        const id = this.values.push(v) - 1
        byValue.set(v, id)
        if (v !== null && typeof v === 'object') byJson.set(JSON.stringify(v), id)
      }
      for (const i of splice.fresh) put(i)
    } else for (let i = 0; i < n; i++) put(i)
  }

  get(i: number): Cell {
    return this.values[this.ids[i] as number]
  }

  /** One flag per distinct value, for tests that read a value once instead of once per row. */
  flags(test: (v: Cell) => boolean): Uint8Array {
    const out = new Uint8Array(this.values.length)
    for (let id = 0; id < out.length; id++) out[id] = test(this.values[id]) ? 1 : 0
    return out
  }
}

/** Strings that rarely repeat (amounts, order ids): one flat string and an offset per row. */
export class TextColumn implements Column {
  readonly pool: string
  readonly offsets: Uint32Array
  private readonly ex = new Map<number, Cell>()

  constructor(cells: (i: number) => Cell, n: number, splice?: Splice<TextColumn>) {
    if (splice) {
      shifted(splice.from.ex, splice.head, this.ex)
      const made = splicePool(splice.from, splice.head, splice.fresh, (i) => {
        const v = cells(i)
        this.ex.delete(i)
        if (typeof v === 'string') return v
        this.ex.set(i, v)
        return ''
      })
      this.pool = made.pool
      this.offsets = made.offsets
      return
    }
    this.offsets = new Uint32Array(n + 1)
    const parts: string[] = []
    let at = 0
    for (let i = 0; i < n; i++) {
      const v = cells(i)
      this.offsets[i] = at
      if (typeof v === 'string') {
        parts.push(v)
        at += v.length
      } else this.ex.set(i, v)
    }
    this.offsets[n] = at
    // one flat string: no slice of a response body is kept alive by it
    this.pool = ownText(parts)
  }

  get(i: number): Cell {
    if (this.ex.size > 0 && this.ex.has(i)) return this.ex.get(i)
    return this.pool.slice(this.offsets[i], this.offsets[i + 1])
  }
}

/**
 * 32-byte hex texts (`0x` and 64 lower-case hex digits: order ids, transaction hashes) as their 32 bytes,
 * half the memory of the text; anything else (upper case, another length, null, empty) is an exception.
 */
export class Hex32Column implements Column {
  private readonly bytes: Uint8Array
  private readonly ex = new Map<number, Cell>()

  constructor(cells: (i: number) => Cell, n: number, splice?: Splice<Hex32Column>) {
    this.bytes = new Uint8Array(n * 32)
    const put = (i: number): void => {
      const v = cells(i)
      if (!putHex32(v, this.bytes, i * 32)) this.ex.set(i, v)
    }
    fillRows(n, this.ex, put, splice ? { fromEx: splice.from.ex, head: splice.head, fresh: splice.fresh, copy: () => this.bytes.set(splice.from.bytes, splice.head * 32) } : null)
  }

  get(i: number): Cell {
    if (this.ex.size > 0 && this.ex.has(i)) return this.ex.get(i)
    return hex32Text(this.bytes, i * 32)
  }
}

// The one hex codec of the dataset (Hex32Column, and the searched hashes in text-search.ts): everything below
// is derived from these sixteen digits, so a value read back and the text a search compares cannot disagree.
const DIGITS = '0123456789abcdef'
const HEX_BYTE = Array.from({ length: 256 }, (_, b) => (DIGITS[b >>> 4] as string) + (DIGITS[b & 15] as string))
/** a lower-case hex digit's value by its character code, -1 for any other character */
const NIBBLE = new Int8Array(128).fill(-1)
for (let d = 0; d < 16; d++) NIBBLE[DIGITS.charCodeAt(d)] = d
const DIGIT_CODE = Uint8Array.from(DIGITS, (d) => d.charCodeAt(0))

/**
 * Writes the 32 bytes of `v` at bytes[at…at+31] when `v` is `0x` and 64 lower-case hex digits, and says so; any
 * other value answers false (the bytes may be left part written). One pass over the characters, no slices:
 * a loaded million reads four million of these.
 */
export function putHex32(v: Cell, bytes: Uint8Array, at: number): boolean {
  if (typeof v !== 'string' || v.length !== 66 || v.charCodeAt(0) !== 48 || v.charCodeAt(1) !== 120) return false
  for (let b = 0; b < 32; b++) {
    const hi = NIBBLE[v.charCodeAt(2 + 2 * b)] ?? -1
    const lo = NIBBLE[v.charCodeAt(3 + 2 * b)] ?? -1
    if (hi < 0 || lo < 0) return false
    bytes[at + b] = (hi << 4) | lo
  }
  return true
}

/** The text of the 32 bytes at bytes[at…at+31], as putHex32 took it. */
export function hex32Text(bytes: Uint8Array, at: number): string {
  let out = '0x'
  for (let b = at; b < at + 32; b++) out += HEX_BYTE[bytes[b] as number]
  return out
}

/** The 66 character codes of hex32Text(bytes, at) into `into`: what a search compares without building the text. */
export function hex32Codes(bytes: Uint8Array, at: number, into: Uint8Array): void {
  into[0] = 48
  into[1] = 120
  for (let b = 0; b < 32; b++) {
    const v = bytes[at + b] as number
    into[2 + 2 * b] = DIGIT_CODE[v >>> 4] as number
    into[3 + 2 * b] = DIGIT_CODE[v & 15] as number
  }
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0')

/** The number written by the `n` digits of `text` at `at`, or -1 when one of them is not a digit. */
function digits(text: string, at: number, n: number): number {
  let v = 0
  for (let i = at; i < at + n; i++) {
    const d = text.charCodeAt(i) - 48
    if (d < 0 || d > 9) return -1
    v = v * 10 + d
  }
  return v
}

/**
 * Seconds of a `YYYY-MM-DD HH:MM:SS` text that formats back to exactly that text (a real date and time from
 * 1970 to 2105), else null. Read digit by digit: a million timestamps are read per loaded history.
 */
export function timeSeconds(text: string): number | null {
  if (text.length !== 19 || text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') return null
  const y = digits(text, 0, 4)
  const mo = digits(text, 5, 2)
  const d = digits(text, 8, 2)
  const h = digits(text, 11, 2)
  const mi = digits(text, 14, 2)
  const se = digits(text, 17, 2)
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59) return null
  // a day past the month's end would roll over into the next month: not the text's own date
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null
  const s = Date.UTC(y, mo - 1, d, h, mi, se) / 1000
  return s >= 1 && s < 0xffffffff ? s : null
}

export function formatSeconds(s: number): string {
  const d = new Date(s * 1000)
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/**
 * `YYYY-MM-DD HH:MM:SS` texts as seconds (0: an exception). For such texts numeric order is text order, so
 * filters and sorts compare numbers; a text in any other form is kept and compared as text.
 */
export class TimeColumn implements Column {
  readonly secs: Uint32Array
  private readonly ex = new Map<number, Cell>()

  constructor(cells: (i: number) => Cell, n: number, splice?: Splice<TimeColumn>) {
    this.secs = new Uint32Array(n)
    const put = (i: number): void => {
      const v = cells(i)
      const s = typeof v === 'string' ? timeSeconds(v) : null
      // 0 marks an exception: a row copied from the old column must not keep its old seconds
      this.secs[i] = s ?? 0
      if (s === null) this.ex.set(i, v)
    }
    fillRows(n, this.ex, put, splice ? { fromEx: splice.from.ex, head: splice.head, fresh: splice.fresh, copy: () => this.secs.set(splice.from.secs, splice.head) } : null)
  }

  get(i: number): Cell {
    const s = this.secs[i] as number
    return s === 0 ? this.ex.get(i) : formatSeconds(s)
  }
}
