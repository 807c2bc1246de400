// The volume charts over the histories at hand: transfers whose service gives no stable value (Butter, MAP's
// Bridge Scan) are counted as such, so the view can say the volume is not provided rather than draw nothing or 0.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { volumeCharts as chartsOfTransfers } from '../../../../src/main/dataset/charts'
import { transferOfRecord } from '../../../../src/shared/transfer'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import type { TransferOrigin } from '../../../../src/shared/schemas/origin'
import { transfer } from './fake-history'

/** the charts of records as main draws them: each through the transfer model */
const volumeCharts = (histories: readonly TransferRecord[][], range?: { from?: string; to?: string }) => chartsOfTransfers(histories.map((rows) => rows.map(transferOfRecord)), range)

const noValue = (dialect: 'butter' | 'mapscan'): TransferOrigin => ({ dialect, amount: dialect === 'butter' ? 'raw' : 'absent', inAmount: dialect === 'butter' ? 'raw' : 'absent', stateMeaning: null, notProvided: ['stable'] })
const without = (r: TransferRecord, dialect: 'butter' | 'mapscan'): TransferRecord => ({ ...r, stable: null, origin: noValue(dialect) })

describe('volume charts and services without a stable value', () => {
  it('counts the transfers whose service gives no value, once each, and charts none of them', () => {
    const rows = [1, 2, 3].map((n) => without(transfer(n), 'butter'))
    const c = volumeCharts([rows, rows])
    expect(c.transfers).toBe(0)
    expect(c.valueNotProvided).toBe(3)
    expect(c.byToken).toEqual({ labels: [], values: [] })
    expect(c.daily.labels).toEqual([])
  })

  it('what must not change: valued transfers are charted as before, and a record of ours without a value is not called "not provided"', () => {
    const valued = [1, 2, 3].map(transfer)
    const c = volumeCharts([[...valued, { ...transfer(4), stable: null }]])
    expect(c.transfers).toBe(3)
    expect(c.valueNotProvided).toBe(0)
    expect(c.byToken.values.reduce((a, b) => a + b, 0)).toBeCloseTo(1.5 + 2.5 + 3.5)
  })

  it('keeps to the range: a transfer outside it is neither charted nor counted', () => {
    const rows = [without(transfer(1), 'mapscan')]
    const day = rows[0]!.timestamp.slice(0, 10)
    expect(volumeCharts([rows], { from: day, to: day }).valueNotProvided).toBe(1)
    expect(volumeCharts([rows], { from: '2099-01-01' }).valueNotProvided).toBe(0)
  })
})

describe('daily volume keeps time honest', () => {
  const DAY = 86_400_000
  const base = Date.UTC(2026, 10, 1)
  const dayOf = (offset: number): string => new Date(base + offset * DAY).toISOString().slice(0, 10)
  /** Transfer `n` moved to `offset` days after 2026-11-01, at `second` seconds into that day. */
  const on = (n: number, offset: number, second: number): TransferRecord => {
    const t = new Date(base + offset * DAY + second * 1000).toISOString().slice(0, 19).replace('T', ' ')
    return { ...transfer(n), timestamp: t }
  }

  it('every day from the first to the last is a bar, in order; a day without transfers is zero; no value is lost', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 86_399 })), { minLength: 1, maxLength: 40 }), (when) => {
        const rows = when.map(([offset, second], i) => on(i + 1, offset, second))
        const c = volumeCharts([rows])
        const offsets = when.map(([o]) => o)
        const first = Math.min(...offsets)
        const last = Math.max(...offsets)
        expect(c.daily.labels).toEqual(Array.from({ length: last - first + 1 }, (_, i) => dayOf(first + i)))
        const perDay = c.daily.labels.map((_, i) => c.daily.series.reduce((n, s) => n + (s.values[i] ?? 0), 0))
        c.daily.labels.forEach((label, i) => {
          if (!rows.some((r) => r.timestamp.startsWith(label))) expect(perDay[i]).toBe(0)
          else expect(perDay[i]).toBeGreaterThan(0)
        })
        expect(perDay.reduce((a, b) => a + b, 0)).toBeCloseTo(c.byToken.values.reduce((a, b) => a + b, 0), 6)
      })
    )
  })

  it('a range is drawn whole: its days before the first transfer and after the last are zero days', () => {
    const c = volumeCharts([[on(1, 3, 10), on(2, 5, 20)]], { from: dayOf(0), to: dayOf(6) })
    expect(c.daily.labels).toEqual([0, 1, 2, 3, 4, 5, 6].map(dayOf))
    const perDay = c.daily.labels.map((_, i) => c.daily.series.reduce((n, s) => n + (s.values[i] ?? 0), 0))
    expect(perDay.map((v) => v > 0)).toEqual([false, false, false, true, false, true, false])
  })
})
