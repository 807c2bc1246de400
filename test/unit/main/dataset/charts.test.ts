// The volume charts over the histories at hand: transfers whose service gives no stable value (Butter, MAP's
// Bridge Scan) are counted as such, so the view can say the volume is not provided rather than draw nothing or 0.
import { describe, expect, it } from 'vitest'
import { volumeCharts } from '../../../../src/main/dataset/charts'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import type { TransferOrigin } from '../../../../src/shared/schemas/origin'
import { transfer } from './fake-history'

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
