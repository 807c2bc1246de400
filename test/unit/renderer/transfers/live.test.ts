// @vitest-environment jsdom
// Live on a loaded history: the renderer asks main to merge what is new, names the row on screen as the anchor,
// and, when rows changed, asks for the window where that row is now and moves the table by as many rows, in
// one go. A refresh that changed nothing asks for nothing more; one that fails leaves the rows as they were.
import { render, screen } from '@testing-library/svelte'
import { afterEach, describe, expect, it } from 'vitest'
import { API_GLOBAL } from '../../../../src/shared/contract'
import type { HistoryRefresh, HistoryRows } from '../../../../src/shared/contract'
import type { TableRow } from '../../../../src/shared/table-row'
import { LoadedHistory } from '../../../../src/renderer/src/lib/transfers/dataset.svelte'
import LiveNote from '../../../../src/renderer/src/components/transfers/LiveNote.svelte'

type Call = { channel: string; input: Record<string, unknown> }

function fakeBridge(answers: { refresh?: HistoryRefresh | { error: string }; rows?: (input: { offset: number; limit: number }) => HistoryRows }): Call[] {
  const calls: Call[] = []
  const rows = (input: { offset: number; limit: number }): HistoryRows => {
    const make = answers.rows ?? ((i) => viewRows(i.offset, i.limit, 1000))
    return make(input)
  }
  ;(window as unknown as Record<string, unknown>)[API_GLOBAL] = {
    historyRows: async (input: { offset: number; limit: number }) => {
      calls.push({ channel: 'history:rows', input })
      return { ok: true, value: rows(input) }
    },
    historyRefresh: async (input: Record<string, unknown>) => {
      calls.push({ channel: 'history:refresh', input })
      const r = answers.refresh
      if (!r) throw new Error('no refresh answer')
      return 'error' in r ? { ok: false, error: { kind: 'network', message: r.error } } : { ok: true, value: r }
    },
    on: () => () => undefined
  }
  return calls
}

/** rows offset… of a view of `matched` rows; row k has id 10,000 - k (newest first) */
function viewRows(offset: number, limit: number, matched: number): HistoryRows {
  const end = Math.min(matched, offset + limit)
  return { rows: Array.from({ length: Math.max(0, end - offset) }, (_, k) => ({ id: 10_000 - (offset + k) }) as TableRow), offset, total: matched, matched, complete: true }
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0))

async function shown(): Promise<LoadedHistory> {
  const h = new LoadedHistory()
  h.datasetId = 'ds'
  h.matched = 1000
  h.total = 1000
  h.show({ start: 392, end: 420 })
  await settle()
  return h
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[API_GLOBAL]
})

describe('LoadedHistory.live', () => {
  it('names the first row on screen, then shows the window where it is now and moves the table by as many rows', async () => {
    const calls = fakeBridge({ refresh: { arrived: 3, updated: 1, sinceLoad: 3, total: 1003, gap: false, anchor: 403 } })
    const h = await shown()
    calls.length = 0
    await h.live(400, false)
    await settle()
    expect(calls[0]).toEqual({ channel: 'history:refresh', input: { datasetId: 'ds', anchor: { id: 10_000 - 400, filter: {} } } })
    expect(calls[1]?.channel).toBe('history:rows')
    const asked = calls[1]!.input as { offset: number; limit: number }
    // the window covers where the rows on screen are now: three further down
    expect(asked.offset).toBeLessThanOrEqual(395)
    expect(asked.offset + asked.limit).toBeGreaterThanOrEqual(423)
    expect(h.shift.rows).toBe(3)
    expect(h.sinceLoad).toBe(3)
  })

  it('at the very top the table stays there: the new rows show as the first ones', async () => {
    const calls = fakeBridge({ refresh: { arrived: 2, updated: 0, sinceLoad: 2, total: 1002, gap: false, anchor: 2 } })
    const h = new LoadedHistory()
    h.datasetId = 'ds'
    h.show({ start: 0, end: 20 })
    await settle()
    const seq = h.shift.seq
    calls.length = 0
    await h.live(0, true)
    await settle()
    expect(h.shift).toEqual({ seq: seq + 1, rows: 0 })
    expect((calls[1]!.input as { offset: number }).offset).toBe(0)
  })

  it('a refresh that changed nothing asks for no rows and moves nothing', async () => {
    const calls = fakeBridge({ refresh: { arrived: 0, updated: 0, sinceLoad: 5, total: 1000, gap: false, anchor: null } })
    const h = await shown()
    const before = { shift: h.shift, window: h.window }
    calls.length = 0
    await h.live(400, false)
    expect(calls.map((c) => c.channel)).toEqual(['history:refresh'])
    expect(h.shift).toBe(before.shift)
    expect(h.window).toBe(before.window)
    expect(h.sinceLoad).toBe(5)
  })

  it('a failed refresh keeps the rows and says so; the next one that works clears it', async () => {
    const answers: Parameters<typeof fakeBridge>[0] = { refresh: { error: 'connection refused' } }
    fakeBridge(answers)
    const h = await shown()
    const rows = h.window
    await h.live(400, false)
    expect(h.liveError?.message).toContain('connection refused')
    expect(h.window).toBe(rows)
    expect(h.datasetId).toBe('ds')
    answers.refresh = { arrived: 0, updated: 0, sinceLoad: 0, total: 1000, gap: false, anchor: null }
    await h.live(400, false)
    expect(h.liveError).toBeNull()
  })
})

describe('LiveNote', () => {
  it('says how many transfers arrived since the load, as a status', async () => {
    fakeBridge({ refresh: { arrived: 1, updated: 0, sinceLoad: 1, total: 1001, gap: true, anchor: null } })
    const h = await shown()
    render(LiveNote, { props: { history: h, live: true, sec: 30, onreload: () => undefined } })
    expect(screen.getByRole('status').textContent).toContain('0 new since load')
    await h.live(400, false)
    await settle()
    expect(screen.getByTestId('live-count').textContent).toBe('1 new since load')
    expect(screen.getByRole('status').textContent).toContain('refreshes every 30s')
    expect(screen.getByRole('status').textContent).toContain('more arrived than a refresh reads')
  })
})
