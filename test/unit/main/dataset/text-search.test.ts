// The searched hashes are kept as bytes where they are plain hex (`0x` and 64 lower-case digits) and as text
// otherwise: what must not change is the cell read back, for any value, after a build or a splice, and the rows
// the filter finds, which the reference finds by reading every cell's text: `${value}`, lower-cased.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { searchText, SEP } from './search-text'
import { ABSENT, type Cell } from '../../../../src/main/dataset/columns'
import { TransferTable } from '../../../../src/main/dataset/table'
import { needsOf, SearchColumns, type TextFlags } from '../../../../src/main/dataset/text-search'
import { DatasetViews } from '../../../../src/main/dataset/views'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { transfer } from './fake-history'

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''))

/** Any value a searched field may hold; plain lower-case hashes most often, as in a real history. */
const cellArb: fc.Arbitrary<Cell> = fc.oneof(
  { arbitrary: hex64.map((h) => `0x${h}`), weight: 8 },
  { arbitrary: hex64.map((h) => `0x${h.toUpperCase()}`), weight: 1 },
  { arbitrary: hex64.map((h) => `0X${h}`), weight: 1 },
  { arbitrary: hex64.map((h) => `0x${h.slice(0, 31)}A${h.slice(32)}`), weight: 1 },
  // one digit short or over, no prefix, a character past `f`, a character past the code table
  { arbitrary: hex64.map((h) => `0x${h.slice(1)}`), weight: 1 },
  { arbitrary: hex64.map((h) => `0x${h}0`), weight: 1 },
  { arbitrary: hex64.map((h) => `${h}00`), weight: 1 },
  { arbitrary: hex64.map((h) => `0x${h.slice(0, 63)}g`), weight: 1 },
  { arbitrary: hex64.map((h) => `0x${h.slice(0, 63)}\u0130`), weight: 1 },
  { arbitrary: fc.string({ maxLength: 70 }), weight: 2 },
  { arbitrary: fc.constantFrom('', '0x', 'İstanbul', 'null', 'undefined', `0x${'0'.repeat(64)}`, `0x${'f'.repeat(64)}`), weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constant(-0)), weight: 1 },
  { arbitrary: fc.constantFrom<Cell>(null, undefined, ABSENT, [], { a: 1 }, true), weight: 2 }
)

const textOf = (v: Cell): string => `${v === ABSENT ? undefined : (v as string)}`.toLowerCase()

/** rows of `k` cells each */
const gridArb = (k: number, maxRows = 80): fc.Arbitrary<Cell[][]> => fc.array(fc.array(cellArb, { minLength: k, maxLength: k }), { maxLength: maxRows })

const build = (grid: Cell[][], k: number): SearchColumns =>
  new SearchColumns(
    Array.from({ length: k }, (_, f) => `f${f}`),
    (i, f) => grid[i]?.[f],
    grid.length
  )

/**
 * `base` spliced under `head` with the rows of `swaps` replaced, as a live refresh does; reading an old row's
 * cell that was not replaced throws, so the old rows must come across in their compact form.
 */
function spliced(old: SearchColumns, base: Cell[][], head: Cell[][], swaps: Map<number, Cell[]>): { made: SearchColumns; want: Cell[][] } {
  const want = [...head, ...base.map((row, j) => swaps.get(j) ?? row)]
  const fresh = [...head.map((_, i) => i), ...[...swaps.keys()].sort((a, b) => a - b).map((j) => j + head.length)]
  const isFresh = new Set(fresh)
  const made = new SearchColumns(
    old.fields,
    (i, f) => {
      if (!isFresh.has(i)) throw new Error(`row ${i} read: it should have been copied`)
      return want[i]?.[f]
    },
    want.length,
    { from: old, head: head.length, fresh }
  )
  return { made, want }
}

function expectCells(t: SearchColumns, want: Cell[][]): void {
  want.forEach((row, i) => row.forEach((v, f) => expect(t.get(i, f)).toBe(v)))
}

/** The rows `t` selects for the lower-cased, non-empty query `q`, in the order of `order`. */
function selected(t: SearchColumns, n: number, q: string, order: Uint32Array | null): number[] {
  const none: TextFlags = { ids: new Uint32Array(n), flags: new Uint8Array(1) }
  const out = new Uint32Array(n)
  // two slices, as a pass does
  const half = n >> 1
  let m = t.select(needsOf(q), order, 0, half, [none, none, none], null, out, 0)
  m = t.select(needsOf(q), order, half, n, [none, none, none], null, out, m)
  return Array.from(out.subarray(0, m))
}

const reference = (grid: Cell[][], q: string, order: readonly number[]): number[] => order.filter((i) => (grid[i] as Cell[]).some((v) => textOf(v).includes(q)))

/** Queries that find something (pieces of the cells' own texts) and queries that mostly do not. */
const queryArb = fc.oneof(
  fc.record({ cell: fc.nat(), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.stringMatching(/^[0-9a-fx]{1,8}$/),
  fc.string({ minLength: 1, maxLength: 4 }),
  fc.constantFrom('0x', 'x', '0', 'null', 'undefined', 'i̇', '[object', 'ab\u0130', '0x0000', 'f'.repeat(64), `0x${'f'.repeat(65)}`)
)

function queryText(grid: Cell[][], k: number, spec: string | { cell: number; at: number; length: number }): string {
  if (typeof spec === 'string') return spec.toLowerCase()
  const cells = grid.flat()
  if (cells.length === 0) return 'x'
  const text = textOf(cells[spec.cell % cells.length])
  const at = text.length === 0 ? 0 : spec.at % text.length
  return text.slice(at, at + spec.length) || k.toString()
}

describe('SearchColumns', () => {
  it('reads back every cell as it went in: hashes as bytes, any other value as it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }).chain((k) => fc.tuple(fc.constant(k), gridArb(k))), ([k, grid]) => {
        expectCells(build(grid, k), grid)
      }),
      { numRuns: 300 }
    )
  })

  it('a splice copies the old rows without reading them and reads back every cell as it went in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((k) => fc.tuple(fc.constant(k), gridArb(k), gridArb(k, 40), fc.array(fc.tuple(fc.nat(), fc.array(cellArb, { minLength: k, maxLength: k })), { maxLength: 6 }))),
        ([k, base, head, swapList]) => {
          const old = build(base, k)
          const swaps = new Map<number, Cell[]>()
          if (base.length > 0) for (const [at, row] of swapList) swaps.set(at % base.length, row)
          const { made, want } = spliced(old, base, head, swaps)
          expectCells(made, want)
          // the table spliced from is untouched
          expectCells(old, base)
          // and splices again
          const again = spliced(made, want, head.slice(0, 3), new Map())
          expectCells(again.made, again.want)
        }
      ),
      { numRuns: 300 }
    )
  })

  it('selects exactly the rows whose text, `${value}` lower-cased, holds the query', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((k) => fc.tuple(fc.constant(k), gridArb(k), gridArb(k, 20), fc.array(queryArb, { minLength: 1, maxLength: 8 }), fc.boolean())),
        ([k, base, head, queries, reversed]) => {
          // a splice's columns are searched as a build's are
          const { made, want } = spliced(build(base, k), base, head, new Map())
          for (const [t, grid] of [
            [build(base, k), base],
            [made, want]
          ] as const) {
            const n = grid.length
            const order = reversed ? Uint32Array.from({ length: n }, (_, i) => n - 1 - i) : null
            const rows = order ? Array.from(order) : grid.map((_, i) => i)
            for (const spec of queries) {
              const q = queryText(grid, k, spec)
              if (q.length === 0) continue
              expect(selected(t, n, q, order), q).toEqual(reference(grid, q, rows))
            }
          }
        }
      ),
      { numRuns: 300 }
    )
  })
})

describe('the searched hashes in a table', () => {
  /** transfers whose two searched hashes are any of the values above (ABSENT: the key left out) */
  const recordsArb = fc.array(fc.tuple(fc.nat(1000), cellArb, cellArb), { minLength: 1, maxLength: 40 }).map((specs) =>
    specs.map(([n, hash, transferinHash]) => {
      const r = transfer(n) as unknown as Record<string, unknown>
      for (const [key, v] of [
        ['hash', hash],
        ['transferinHash', transferinHash]
      ] as const) {
        if (v === ABSENT) delete r[key]
        else r[key] = v
      }
      return r as TransferRecord
    })
  )
  const searched = (r: TransferRecord): [Cell, Cell] => {
    const o = r as unknown as Record<string, unknown>
    return ['hash' in o ? o.hash : ABSENT, 'transferinHash' in o ? o.transferinHash : ABSENT]
  }
  const readBack = (t: TransferTable, i: number): [Cell, Cell] => searched(t.get(i))

  it('read back as they went in, through a build and through a merge', () => {
    fc.assert(
      fc.property(recordsArb, recordsArb, fc.array(fc.tuple(fc.nat(), recordsArb), { maxLength: 3 }), (base, head, swapList) => {
        const t = new TransferTable(base)
        base.forEach((r, i) => expect(readBack(t, i)).toEqual(searched(r)))
        const replaced = new Map<number, TransferRecord>()
        for (const [at, rs] of swapList) replaced.set(at % base.length, rs[0] as TransferRecord)
        const m = t.merged(head, replaced)
        const want = [...head, ...base.map((r, i) => replaced.get(i) ?? r)]
        want.forEach((r, i) => {
          const [a, b] = readBack(m, i)
          const [x, y] = searched(r)
          expect(a).toBe(x)
          expect(b).toBe(y)
        })
      }),
      { numRuns: 200 }
    )
  })

  it('the text filter finds the rows the reference does', () => {
    fc.assert(
      fc.property(recordsArb, fc.array(queryArb, { minLength: 1, maxLength: 6 }), (rows, queries) => {
        const views = new DatasetViews(rows)
        const cells = rows.map((r) => searched(r) as Cell[])
        for (const spec of queries) {
          const q = queryText(cells, 2, spec).trim().replaceAll(SEP, '')
          if (q.length === 0) continue
          expect(Array.from(views.view(undefined, { text: q })), q).toEqual(rows.flatMap((r, i) => (searchText(r).includes(q) ? [i] : [])))
        }
      }),
      { numRuns: 200 }
    )
  })
})
