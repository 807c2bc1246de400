// @vitest-environment jsdom
// A filter over a million rows is answered before main has counted it, so typing stays quick: the table shows the first
// rows at once and "counting…", then the whole count. A newer filter must never take an older one's count.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { API_GLOBAL } from '../../../../src/shared/contract'
import type { HistoryRows, HistorySort } from '../../../../src/shared/contract'
import type { TableRow } from '../../../../src/shared/table-row'
import { LoadedHistory } from '../../../../src/renderer/src/lib/transfers/dataset.svelte'

interface Asked {
  input: { filter?: { text?: string }; complete?: boolean; offset?: number; limit?: number; sort?: unknown }
  answer: (rows: HistoryRows) => void
  fail: (error: { kind: string; message: string }) => void
}

function fakeBridge(): Asked[] {
  const asked: Asked[] = []
  const historyRows = (input: Asked['input']): Promise<unknown> =>
    new Promise((resolve) =>
      asked.push({ input, answer: (value) => resolve({ ok: true, value }), fail: (error) => resolve({ ok: false, error }) })
    )
  ;(window as unknown as Record<string, unknown>)[API_GLOBAL] = { historyRows, on: () => () => undefined }
  return asked
}

/** the first rows of a view (a window at offset 0 holds rows whenever any match) */
const page = (matched: number, complete: boolean): HistoryRows => ({ rows: Array.from({ length: Math.min(matched, 40) }, (_, id) => ({ id }) as unknown as TableRow), offset: 0, total: 1_000_000, matched, complete })
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0))
/** the promise hops of an answered call, without a timer's wait (a property runs thousands of frames) */
const flush = async (): Promise<void> => {
  for (let k = 0; k < 20; k++) await Promise.resolve()
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[API_GLOBAL]
})

describe('LoadedHistory while main is still counting', () => {
  it('shows the rows found so far as counting, asks for the whole count, and applies it', async () => {
    const asked = fakeBridge()
    const h = new LoadedHistory()
    h.datasetId = 'ds'
    h.setFilter({ text: 'ab' })
    await settle()
    asked[0]!.answer(page(40, false))
    await settle()
    expect(h.matched).toBe(40)
    expect(h.counting).toBe(true)
    expect(asked[1]?.input).toMatchObject({ filter: { text: 'ab' }, complete: true })
    asked[1]!.answer(page(412_345, true))
    await settle()
    expect(h.matched).toBe(412_345)
    expect(h.counting).toBe(false)
  })

  it('a count that arrives after the filter changed is not applied; a cancelled count is no error', async () => {
    const asked = fakeBridge()
    const h = new LoadedHistory()
    h.datasetId = 'ds'
    h.setFilter({ text: 'a' })
    await settle()
    asked[0]!.answer(page(40, false))
    await settle()
    const staleCount = asked[1]!
    h.setFilter({ text: 'ab' })
    await settle()
    asked[2]!.answer(page(40, false))
    await settle()
    staleCount.answer(page(900_000, true))
    await settle()
    expect(h.matched).toBe(40)
    expect(h.counting).toBe(true)
    asked[3]!.fail({ kind: 'cancelled', message: 'A newer filter or sort replaced this one.' })
    await settle()
    expect(h.rowsError).toBeNull()
    expect(h.error).toBeNull()
  })

  it('a view main answers whole at once is never shown as counting', async () => {
    const asked = fakeBridge()
    const h = new LoadedHistory()
    h.datasetId = 'ds'
    h.setFilter({ text: 'abc' })
    await settle()
    asked[0]!.answer(page(3000, true))
    await settle()
    expect(h.counting).toBe(false)
    expect(asked).toHaveLength(1)
  })
})

describe('LoadedHistory on a new filter or sort', () => {
  it('goes back to the first rows: asks main for the top of the new view and tells the table to scroll there', async () => {
    const asked = fakeBridge()
    const h = new LoadedHistory()
    h.datasetId = 'ds'
    h.total = 100_000
    h.matched = 100_000
    // the table was scrolled to row ~640 and holds the rows there
    h.show({ start: 632, end: 656 })
    await settle()
    expect(asked[0]?.input).toMatchObject({ offset: expect.any(Number) })
    expect((asked[0]!.input as { offset: number }).offset).toBeGreaterThanOrEqual(500)
    asked[0]!.answer({ ...page(100_000, true), offset: (asked[0]!.input as { offset: number }).offset })
    await settle()
    const before = h.toTop
    h.setFilter({ text: '07' })
    await settle()
    expect(h.toTop).toBe(before + 1)
    // the screen's worth of rows from the top, not from row 640
    expect(asked[1]?.input).toMatchObject({ offset: 0, filter: { text: '07' } })
    expect((asked[1]!.input as { limit: number }).limit).toBeGreaterThanOrEqual(24)
    asked[1]!.answer(page(45_000, true))
    await settle()
    h.setSort({ key: 'amount', dir: 'desc' })
    await settle()
    expect(h.toTop).toBe(before + 2)
    expect(asked[2]?.input).toMatchObject({ offset: 0, sort: { key: 'amount', dir: 'desc' } })
  })
})

/** the rows main holds at [offset, offset + limit) of a list of `total`, each with its index as its id */
const windowOf = (input: Asked['input'], total: number): HistoryRows => {
  const offset = input.offset ?? 0
  const count = Math.max(0, Math.min(input.limit ?? 0, total - offset))
  return { rows: Array.from({ length: count }, (_, k) => ({ id: offset + k }) as unknown as TableRow), offset, total, matched: total, complete: true }
}

describe('LoadedHistory while the table scrolls', () => {
  // A fast scroll (120 px a frame, ~3.5 rows) over a million rows, with main answering 2 to 6 frames later: a
  // window asked for only once the rows in view were missing left a dozen rows on screen blank until it came,
  // and their whole markup was built in one long frame. The next window is asked for ahead of need.
  it('the rows in view are always held while main answers late, and one window is asked at a time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2_000, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        async (total, at, speed, down, delays) => {
          const asked = fakeBridge()
          const h = new LoadedHistory()
          h.datasetId = 'ds'
          h.total = total
          h.matched = total
          const span = 41
          let start = Math.floor(at * (total - span))
          const need = (): { start: number; end: number } => ({ start: Math.max(0, start - 8), end: Math.min(total, start + span - 8) })
          h.show(need())
          await flush()
          asked[0]!.answer(windowOf(asked[0]!.input, total))
          await flush()
          // an answer comes `delay` frames after its question, at most as late as keeps speed × (delay + 1) ≤ 60 rows
          const maxDelay = Math.floor(60 / speed) - 1
          let answered = 1
          let dueAt = -1
          let next = 0
          for (let frame = 0; frame < 400; frame++) {
            start = Math.max(0, Math.min(total - span, start + (down ? speed : -speed)))
            h.show(need())
            await flush()
            expect(asked.length - answered).toBeLessThanOrEqual(1)
            if (asked.length > answered && dueAt < 0) dueAt = frame + ((delays[next++ % delays.length] as number) % (maxDelay + 1))
            if (dueAt >= 0 && frame >= dueAt) {
              asked[answered]!.answer(windowOf(asked[answered]!.input, total))
              answered++
              dueAt = -1
              await flush()
            }
            // the rows on screen (need less its overscan) are held
            for (let i = start; i < Math.min(total, start + span - 16); i++) expect(h.rowAt(i), `row ${i} at frame ${frame}`).toBeDefined()
          }
        }
      ),
      // both met before: a window kept centred while scrolling up, and a first window taken to lean down
      { numRuns: 100, examples: [[2000, 0.0959673302705462, 1, false, [7808459]], [299_136, 0.874631805947943, 1, false, [378_273_829]]] }
    )
  })

  it('a table that stays put asks nothing more, however often it is told where it is', async () => {
    const asked = fakeBridge()
    const h = new LoadedHistory()
    h.datasetId = 'ds'
    h.total = 1_000_000
    h.matched = 1_000_000
    // a viewport as tall as most of the window: the window that would be asked is the one held
    for (const need of [{ start: 5_000, end: 5_041 }, { start: 5_000, end: 5_200 }]) {
      h.show(need)
      await flush()
      const before = asked.length
      if (before > 0 && asked[before - 1]) asked[before - 1]!.answer(windowOf(asked[before - 1]!.input, 1_000_000))
      await flush()
      const held = asked.length
      for (let k = 0; k < 20; k++) h.show(need)
      await flush()
      expect(asked.length).toBe(held)
      expect(h.rowAt(need.start)).toBeDefined()
      expect(h.rowAt(need.end - 1)).toBeDefined()
    }
  })
})

describe('LoadedHistory says when what it shows is not the view asked for yet', () => {
  // A filter typed, a sort clicked: main answers over IPC, and until then the rows and the count on screen are the
  // view before. The summary and the table say they are busy meanwhile; when they stop, what they show is the new
  // view's (or an error saying why it is not), whatever order main's answers come in.
  /** what main would count for a view: distinct per filter text and sort */
  const countOf = (input: Asked['input']): number => 1_000 + (input.filter?.text?.length ?? 0) * 10 + (input.sort ? 1 : 0)
  const sortOf = (dir: number): HistorySort | null => (dir === 0 ? null : { key: 'timestamp', dir: dir > 0 ? 'asc' : 'desc' })

  it('busy from the change until its own rows arrive; never idle over another view\'s count', async () => {
    type Step = { kind: 'filter'; text: number } | { kind: 'sort'; dir: number } | { kind: 'answer'; pick: number } | { kind: 'fail'; pick: number } | { kind: 'scroll'; start: number }
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('filter' as const), text: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ kind: fc.constant('sort' as const), dir: fc.integer({ min: -1, max: 1 }) }),
      fc.record({ kind: fc.constant('answer' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('answer' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('fail' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('scroll' as const), start: fc.integer({ min: 0, max: 900 }) })
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const asked = fakeBridge()
        const h = new LoadedHistory()
        h.datasetId = 'ds'
        h.total = 1_000
        h.matched = 1_000
        const open = new Set<number>()
        let seen = 0
        const current = (): Asked['input'] => ({ ...(h.filter.text ? { filter: { text: h.filter.text } } : {}), ...(h.sort ? { sort: h.sort } : {}) })
        const answerOf = (input: Asked['input']): HistoryRows => ({ ...windowOf(input, 1_000), matched: countOf(input) })
        for (const s of steps) {
          if (s.kind === 'filter') {
            h.setFilter(s.text === 0 ? {} : { text: 'x'.repeat(s.text) })
            // at once, before main has been asked anything
            expect(h.pending).toBe(true)
          } else if (s.kind === 'sort') {
            const sort = sortOf(s.dir)
            if (!sort) continue
            h.setSort(sort)
            expect(h.pending).toBe(true)
          } else if (s.kind === 'scroll') {
            h.show({ start: s.start, end: s.start + 24 })
          } else if (open.size > 0) {
            const ids = [...open]
            const id = ids[s.pick % ids.length]!
            open.delete(id)
            if (s.kind === 'answer') asked[id]!.answer(answerOf(asked[id]!.input))
            else asked[id]!.fail({ kind: 'network', message: 'main could not read the rows' })
          }
          await flush()
          for (; seen < asked.length; seen++) open.add(seen)
          if (!h.pending && h.rowsError === null && h.window) expect(h.matched).toBe(countOf(current()))
        }
        // main answers everything still open, in order: the view asked for last is the one shown, and idle
        for (let guard = 0; open.size > 0 && guard < 100; guard++) {
          const id = Math.min(...open)
          open.delete(id)
          asked[id]!.answer(answerOf(asked[id]!.input))
          await flush()
          for (; seen < asked.length; seen++) open.add(seen)
        }
        expect(h.pending).toBe(false)
        if (h.rowsError === null && h.window) expect(h.matched).toBe(countOf(current()))
      }),
      { numRuns: 300 }
    )
  })
})
