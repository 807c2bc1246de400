// @vitest-environment jsdom
// A filter over a million rows is answered before main has counted it, so typing stays quick: the table shows the first
// rows at once and "counting…", then the whole count. A newer filter must never take an older one's count.
import { afterEach, describe, expect, it } from 'vitest'
import { API_GLOBAL } from '../../../../src/shared/contract'
import type { HistoryRows } from '../../../../src/shared/contract'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
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
const page = (matched: number, complete: boolean): HistoryRows => ({ rows: Array.from({ length: Math.min(matched, 40) }, (_, id) => ({ id }) as unknown as TransferRecord), offset: 0, total: 1_000_000, matched, complete })
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

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
