// The hashes a loaded history is searched by, stored once as the filter reads them (lower case) with a
// signature per row that answers most queries without reading the text.
//
// Why (issue 16: filter_p95_ms ≤ 16 at 100,000 rows, filter_1m_p95_ms ≤ 50 at 1,000,000): a scan of every
// row's text costs ~8 ms per 100,000 rows, too slow for a million. Each row keeps one bit per character
// and per pair of adjacent characters that occur in it, over the alphabet of hashes (0-9, a-f, x, and one
// symbol for any other character). A query matches a row only if all its characters and pairs are there:
// for one or two characters of that alphabet the bits are the answer; for a longer query they leave the
// few rows whose text is then read.
import { ABSENT, type Cell } from './table-columns'

const OTHER = 17
const SYMBOLS = 18
const PAIR_WORDS = Math.ceil((SYMBOLS * SYMBOLS) / 32)
/** words per row: pairs, then one word of single characters */
const WORDS = PAIR_WORDS + 1

function symbolOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code >= 97 && code <= 102) return code - 87
  return code === 120 ? 16 : OTHER
}

/** What a query needs of a row's signature: (word, bits) pairs, and whether they alone decide. */
interface Needs {
  words: number[]
  masks: number[]
  exact: boolean
}

function needsOf(q: string): Needs {
  const need = new Uint32Array(WORDS)
  let exact = q.length <= 2
  let prev = -1
  for (let j = 0; j < q.length; j++) {
    const s = symbolOf(q.charCodeAt(j))
    if (s === OTHER) exact = false
    need[PAIR_WORDS] = (need[PAIR_WORDS] as number) | (1 << s)
    if (prev >= 0) {
      const b = prev * SYMBOLS + s
      need[b >>> 5] = (need[b >>> 5] as number) | (1 << (b & 31))
    }
    prev = s
  }
  const words: number[] = []
  const masks: number[] = []
  need.forEach((m, w) => {
    if (m !== 0) {
      words.push(w)
      masks.push(m | 0)
    }
  })
  return { words, masks, exact }
}

/**
 * `fields` text columns searched case-insensitively, as one lower-cased pool with offsets. A cell whose
 * original text is not its lower case (or is not text at all) keeps the original as an exception; the
 * filter searches what the previous implementation searched: the cell's text, `${value}`, lower-cased.
 */
export class SearchColumns {
  private readonly pool: string
  private readonly offsets: Uint32Array
  private readonly sig: Int32Array
  private readonly originals = new Map<number, Cell>()

  constructor(
    readonly fields: readonly string[],
    cells: (i: number, field: number) => Cell,
    readonly n: number
  ) {
    const k = fields.length
    this.offsets = new Uint32Array(n * k + 1)
    this.sig = new Int32Array(n * WORDS)
    const parts: string[] = []
    let at = 0
    for (let i = 0; i < n; i++) {
      const base = i * WORDS
      for (let f = 0; f < k; f++) {
        const v = cells(i, f)
        const text = `${v === ABSENT ? undefined : (v as string)}`.toLowerCase()
        if (text !== v) this.originals.set(i * k + f, v)
        this.offsets[i * k + f] = at
        parts.push(text)
        at += text.length
        let prev = -1
        for (let j = 0; j < text.length; j++) {
          const s = symbolOf(text.charCodeAt(j))
          this.sig[base + PAIR_WORDS] = (this.sig[base + PAIR_WORDS] as number) | (1 << s)
          if (prev >= 0) {
            const b = prev * SYMBOLS + s
            this.sig[base + (b >>> 5)] = (this.sig[base + (b >>> 5)] as number) | (1 << (b & 31))
          }
          prev = s
        }
      }
    }
    this.offsets[n * k] = at
    this.pool = parts.join('')
  }

  get(i: number, field: number): Cell {
    const c = i * this.fields.length + field
    if (this.originals.size > 0 && this.originals.has(c)) return this.originals.get(c)
    return this.pool.slice(this.offsets[c], this.offsets[c + 1])
  }

  /** A test of row i for the lower-cased, non-empty query `q`. */
  matcher(q: string): (i: number) => boolean {
    const { words, masks, exact } = needsOf(q)
    const sig = this.sig
    const k = this.fields.length
    const signature = (i: number): boolean => {
      const base = i * WORDS
      for (let w = 0; w < words.length; w++) {
        const m = masks[w] as number
        if (((sig[base + (words[w] as number)] as number) & m) !== m) return false
      }
      return true
    }
    if (exact) return signature
    return (i) => {
      if (!signature(i)) return false
      for (let f = 0; f < k; f++) {
        const c = i * k + f
        if (this.pool.slice(this.offsets[c], this.offsets[c + 1]).includes(q)) return true
      }
      return false
    }
  }
}
