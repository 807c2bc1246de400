// The texts a loaded history is searched by — hashes per row, addresses and token symbols per distinct value —
// stored as the filter reads them (lower case; a row's hashes as their bytes where they are plain hex) with a
// signature each that answers most queries without reading the text.
//
// Why (a keystroke in the filter shows its rows within a frame: bench filter_p95_ms ≤ 16 at 100,000 rows,
// filter_1m_p95_ms ≤ 50 at 1,000,000): reading every row's text costs ~200 ns a row (~8 ms per 100,000), too
// slow for a million. Each text keeps a signature over
// the alphabet of hashes (0-9, a-f, x, and one symbol for any other character): one bit per character and per
// adjacent pair that occurs in it, and a 1,024-bit filter of its triples (hashed, so about one bit in nine is
// set for a hash). A query matches a text only if all its characters, pairs and triples are there: for one or
// two characters of that alphabet the bits are the answer; for a longer query they leave few texts to read
// (a three-digit query reads ~1 row in 7 of those whose pairs match, instead of ~1 in 2.5).
//
// The signatures are stored word by word (all texts' word 0, then all texts' word 1, …), not text by text: a
// query needs 2 to 6 of a text's 44 words, and a pass reads those words for rows in order, so each needed word
// is one sequential run of memory. Text by text, a pass pulled every text's 176 bytes through the cache to use
// 16 of them: the three-digit step of a 100,000-row filter took 6–9 ms, most of it waiting for memory. The
// most selective words are tested first (a triple's bit is set in ~1 text in 9, a pair's in ~2 in 5, a
// character's in nearly all), so most rows are turned down after one read.
import { ABSENT, hex32Codes, hex32Text, putHex32, splicePool, type Cell, type Splice } from './columns'
import { ownText } from '../own-text'

const OTHER = 17
const SYMBOLS = 18
const PAIR_WORDS = Math.ceil((SYMBOLS * SYMBOLS) / 32)
const CHAR_WORD = PAIR_WORDS
const TRIPLE_BITS = 1024
const TRIPLE_WORD = CHAR_WORD + 1
/** words per text: pairs, one word of single characters, then the triples' filter */
const WORDS = TRIPLE_WORD + TRIPLE_BITS / 32

function symbolOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code >= 97 && code <= 102) return code - 87
  return code === 120 ? 16 : OTHER
}

/**
 * Sets the bits of `text` in the signature of text `row` of `sig`, whose word w is at sig[w * stride + row]
 * (word-major; a query's needs are one signature: row 0, stride 1). The same function builds a text's
 * signature and a query's needs, so the two cannot disagree about a bit. Triples with a character outside
 * the alphabet are left out of both (a query cannot require what texts do not record).
 */
function setBits(text: string, sig: Int32Array | Uint32Array, row: number, stride: number): void {
  const set = (word: number, bit: number): void => {
    const at = word * stride + row
    sig[at] = (sig[at] as number) | (1 << bit)
  }
  let p1 = -1
  let p2 = -1
  for (let j = 0; j < text.length; j++) {
    const s = symbolOf(text.charCodeAt(j))
    set(CHAR_WORD, s)
    if (p1 >= 0) {
      const b = p1 * SYMBOLS + s
      set(b >>> 5, b & 31)
      if (p2 >= 0 && p2 !== OTHER && p1 !== OTHER && s !== OTHER) {
        // multiplicative hashing spreads the 4,913 triples over the filter's bits
        const t = (Math.imul((p2 * SYMBOLS + p1) * SYMBOLS + s, 0x9e3779b1) >>> 22) & (TRIPLE_BITS - 1)
        set(TRIPLE_WORD + (t >>> 5), t & 31)
      }
    }
    p2 = p1
    p1 = s
  }
}

/** The order a query's words are tested in: the triples' filter first, then pairs, the characters last. */
const TEST_ORDER = [
  ...Array.from({ length: TRIPLE_BITS / 32 }, (_, k) => TRIPLE_WORD + k),
  ...Array.from({ length: PAIR_WORDS }, (_, k) => k),
  CHAR_WORD
]

/**
 * What a lower-cased, non-empty query needs of a text's signature: (word, bits) pairs, and whether they alone
 * decide. Worked out once per query (scanner, DistinctTexts.flags), not once per slice of a pass.
 */
export interface Needs {
  q: string
  /** the query's character codes, compared with a hash kept as bytes without building its text */
  codes: Uint16Array
  words: Int32Array
  masks: Int32Array
  exact: boolean
}

export function needsOf(q: string): Needs {
  const need = new Uint32Array(WORDS)
  setBits(q, need, 0, 1)
  const words: number[] = []
  const masks: number[] = []
  for (const w of TEST_ORDER) {
    const m = need[w] as number
    if (m !== 0) {
      words.push(w)
      masks.push(m | 0)
    }
  }
  // one or two characters of the alphabet: their character and pair bits are exact (the triples are hashed)
  let exact = q.length <= 2
  for (let j = 0; j < q.length; j++) if (symbolOf(q.charCodeAt(j)) === OTHER) exact = false
  const codes = new Uint16Array(q.length)
  for (let j = 0; j < q.length; j++) codes[j] = q.charCodeAt(j)
  return { q, codes, words: Int32Array.from(words), masks: Int32Array.from(masks), exact }
}

/** Where each of a query's words starts in a word-major signature array of `stride` texts. */
function wordStarts({ words }: Needs, stride: number): Int32Array {
  return words.map((w) => w * stride)
}

function hasNeeds(sig: Int32Array, row: number, starts: Int32Array, masks: Int32Array): boolean {
  for (let w = 0; w < starts.length; w++) {
    const m = masks[w] as number
    if (((sig[(starts[w] as number) + row] as number) & m) !== m) return false
  }
  return true
}

/**
 * The distinct values of an interned column (addresses, token symbols) as the filter reads them: lower-cased
 * once, with a signature each. A query tests each distinct value at most once, whatever the number of rows.
 */
export class DistinctTexts {
  private readonly lower: string[]
  private readonly sig: Int32Array

  constructor(values: readonly Cell[], textOf: (v: Cell) => string) {
    this.lower = values.map((v) => textOf(v).toLowerCase())
    this.sig = new Int32Array(values.length * WORDS)
    this.lower.forEach((text, id) => setBits(text, this.sig, id, values.length))
  }

  /** One flag per distinct value: 1 where it holds the lower-cased, non-empty query `q`. */
  flags(q: string): Uint8Array {
    const needs = needsOf(q)
    const starts = wordStarts(needs, this.lower.length)
    const out = new Uint8Array(this.lower.length)
    for (let id = 0; id < out.length; id++) {
      if (hasNeeds(this.sig, id, starts, needs.masks) && (needs.exact || (this.lower[id] as string).includes(q))) out[id] = 1
    }
    return out
  }
}

/** A hash's 66 character codes, decoded into this one buffer for each candidate the signature lets through. */
const HEX_TEXT = new Uint8Array(66)

/** Whether the text of the 32 bytes at bytes[at…] (hex32Text) holds the query whose character codes are `q`. */
function hexIncludes(bytes: Uint8Array, at: number, q: Uint16Array): boolean {
  const m = q.length
  if (m === 0) return true
  if (m > HEX_TEXT.length) return false
  hex32Codes(bytes, at, HEX_TEXT)
  const first = q[0]
  for (let p = 0; p + m <= HEX_TEXT.length; p++) {
    if (HEX_TEXT[p] !== first) continue
    let j = 1
    while (j < m && HEX_TEXT[p + j] === q[j]) j++
    if (j === m) return true
  }
  return false
}

/** The bits of `from` moved up by `by` places into `into` (all zero before). */
function shiftBits(from: Uint32Array, by: number, into: Uint32Array): void {
  const word = by >>> 5
  const bit = by & 31
  for (let w = 0; w < from.length; w++) {
    const v = from[w] as number
    if (v === 0) continue
    into[w + word] = (into[w + word] as number) | (v << bit)
    if (bit !== 0 && w + word + 1 < into.length) into[w + word + 1] = (into[w + word + 1] as number) | (v >>> (32 - bit))
  }
}

/**
 * `fields` text columns searched case-insensitively. A cell that is a hash as the services write it (`0x` and
 * 64 lower-case hex digits) is kept as its 32 bytes: nearly every cell is one, and as text they were the
 * largest thing a loaded history held after the signatures (~13 MB per 100,000 rows, 6.4 as bytes). Any other
 * cell is text in one lower-cased pool with offsets, and a cell whose original is not its lower case (or is not
 * text at all) keeps the original as an exception. The filter searches what the previous implementation
 * searched: the cell's text, `${value}`, lower-cased; a hash is that text already, so its signature is the
 * same in either form.
 */
export class SearchColumns {
  private readonly pool: string
  private readonly offsets: Uint32Array
  /** 32 bytes a cell, read only where the cell's bit in `hexed` is set (such a cell has no text in the pool) */
  private readonly bytes: Uint8Array
  /** one bit a cell, apart from the offsets: a splice moves those by arithmetic, which a mark in them would break */
  private readonly hexed: Uint32Array
  private readonly sig: Int32Array
  private readonly originals = new Map<number, Cell>()

  constructor(
    readonly fields: readonly string[],
    cells: (i: number, field: number) => Cell,
    private readonly rows: number,
    splice?: Splice<SearchColumns>
  ) {
    const n = rows
    const k = fields.length
    this.bytes = new Uint8Array(n * k * 32)
    this.hexed = new Uint32Array(Math.ceil((n * k) / 32))
    this.sig = new Int32Array(n * WORDS)
    /** Cell c of row i stored, its bits set in the row's signature; answers its pool text ('' for a hash). */
    const put = (c: number, i: number): string => {
      const v = cells(i, c % k)
      if (putHex32(v, this.bytes, c * 32)) {
        this.hexed[c >>> 5] = (this.hexed[c >>> 5] as number) | (1 << (c & 31))
        setBits(v as string, this.sig, i, n)
        return ''
      }
      const text = `${v === ABSENT ? undefined : (v as string)}`.toLowerCase()
      if (text !== v) this.originals.set(c, v)
      setBits(text, this.sig, i, n)
      return text
    }
    if (splice) {
      const { from, head, fresh } = splice
      // word-major: each word's run of old texts moves down by `head` as one copy
      for (let w = 0; w < WORDS; w++) this.sig.set(from.sig.subarray(w * from.rows, (w + 1) * from.rows), w * n + head)
      for (const [c, v] of from.originals) this.originals.set(c + head * k, v)
      this.bytes.set(from.bytes, head * k * 32)
      shiftBits(from.hexed, head * k, this.hexed)
      for (const i of fresh) for (let w = 0; w < WORDS; w++) this.sig[w * n + i] = 0
      const freshCells = fresh.flatMap((i) => Array.from({ length: k }, (_, f) => i * k + f))
      const made = splicePool({ pool: from.pool, offsets: from.offsets }, head * k, freshCells, (c) => {
        this.originals.delete(c)
        this.hexed[c >>> 5] = (this.hexed[c >>> 5] as number) & ~(1 << (c & 31))
        return put(c, Math.floor(c / k))
      })
      this.pool = made.pool
      this.offsets = made.offsets
      return
    }
    this.offsets = new Uint32Array(n * k + 1)
    const parts: string[] = []
    let at = 0
    for (let c = 0; c < n * k; c++) {
      const text = put(c, Math.floor(c / k))
      this.offsets[c] = at
      if (text.length > 0) parts.push(text)
      at += text.length
    }
    this.offsets[n * k] = at
    // with the hashes kept as bytes the pool may be made of one text, which join would hand back as it came
    this.pool = ownText(parts)
  }

  private isHex(c: number): boolean {
    return (((this.hexed[c >>> 5] as number) >>> (c & 31)) & 1) !== 0
  }

  /** wordStarts of the query a pass is running, kept: select is called once per slice of the pass */
  private startsOf: { needs: Needs; starts: Int32Array } | null = null

  private starts(needs: Needs): Int32Array {
    if (this.startsOf?.needs !== needs) this.startsOf = { needs, starts: wordStarts(needs, this.rows) }
    return this.startsOf.starts
  }

  get(i: number, field: number): Cell {
    const c = i * this.fields.length + field
    if (this.isHex(c)) return hex32Text(this.bytes, c * 32)
    if (this.originals.size > 0 && this.originals.has(c)) return this.originals.get(c)
    return this.pool.slice(this.offsets[c], this.offsets[c + 1])
  }

  /**
   * Appends to `out` (from index `m`; answers the new end) the rows of order[from, to) (rows from…to-1 when
   * `order` is null), in that order, that pass `keep` (when given) and hold the query of `needs` in one of these
   * fields or have their `also` flag set (a distinct address or token that holds it). One loop over typed
   * arrays, no call per row for the text (hasNeeds written out): text is read only where the signature cannot
   * decide.
   */
  select(
    needs: Needs,
    order: Uint32Array | null,
    from: number,
    to: number,
    also: readonly TextFlags[],
    keep: ((i: number) => boolean) | null,
    out: Uint32Array,
    m: number
  ): number {
    const { q, codes, masks: mask, exact } = needs
    const need = this.starts(needs)
    const w = need.length
    const sig = this.sig
    const k = this.fields.length
    const n = also.length
    for (let j = from; j < to; j++) {
      const i = order === null ? j : (order[j] as number)
      if (keep !== null && !keep(i)) continue
      let hit = 0
      for (let e = 0; e < n && hit === 0; e++) {
        const a = also[e] as TextFlags
        hit = a.flags[a.ids[i] as number] as number
      }
      if (hit !== 0) {
        out[m++] = i
        continue
      }
      let x = 0
      while (x < w && ((sig[(need[x] as number) + i] as number) & (mask[x] as number)) === (mask[x] as number)) x++
      if (x < w) continue
      if (exact) out[m++] = i
      else {
        for (let f = 0; f < k; f++) {
          const cell = i * k + f
          if (this.isHex(cell) ? hexIncludes(this.bytes, cell * 32, codes) : this.pool.slice(this.offsets[cell], this.offsets[cell + 1]).includes(q)) {
            out[m++] = i
            break
          }
        }
      }
    }
    return m
  }
}

/** Which rows' distinct value (address, token, chain name, state word) holds the query: the row's id, and a flag per id. */
export interface TextFlags {
  ids: Uint32Array
  flags: Uint8Array
}
