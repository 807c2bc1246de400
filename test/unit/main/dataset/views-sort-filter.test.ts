import { describe, expect, it } from 'vitest'
import { DatasetViews } from '../../../../src/main/dataset/views'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'

function row(i: number, over: Partial<TransferRecord> = {}): TransferRecord {
  return {
    id: i,
    hash: `0x${i.toString(16).padStart(64, '0')}`,
    transferinHash: '',
    from: '0xaaaa',
    to: '0xbbbb',
    tokenAddress: `0xt${i % 3}`,
    tokenObject: { symbol: ['USDT', 'MAPO', 'ETH'][i % 3], decimal: 18 } as TransferRecord['tokenObject'],
    amount: `${(i * 7919) % 1000}.000000`,
    inAmount: '1.000000',
    timestamp: `2026-11-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
    state: i % 5 === 0 ? 0 : 1,
    type: 4,
    fromChainid: 1,
    toChainid: i % 2 ? 56 : 137,
    ...over
  } as TransferRecord
}

const rows = Array.from({ length: 500 }, (_, i) => row(i))

describe('DatasetViews', () => {
  it('without sort or filter keeps the loaded order', () => {
    expect([...new DatasetViews(rows).view()]).toEqual(rows.map((_, i) => i))
  })

  it('sorts exactly by amount (bigint, not float) with ties in loaded order', () => {
    const big = [row(0, { amount: '10000000000000000000001.000000' }), row(1, { amount: '10000000000000000000000.000000' }), row(2, { amount: '5.000000' }), row(3, { amount: '5.000000' })]
    expect([...new DatasetViews(big).view({ key: 'amount', dir: 'desc' })]).toEqual([0, 1, 2, 3])
    expect([...new DatasetViews(big).view({ key: 'amount', dir: 'asc' })]).toEqual([2, 3, 1, 0])
  })

  it('sorts amounts by the value a person reads, each in its own token\'s decimals, not by raw units', () => {
    const token = (symbol: string, decimal: number): TransferRecord['tokenObject'] => ({ symbol, decimal }) as TransferRecord['tokenObject']
    const mixed = [
      // 3.7 MAPO in 18 decimals: the most raw units, the least read value
      row(0, { amount: '3700000000000000000', tokenObject: token('MAPO', 18) }),
      row(1, { amount: '250000000', tokenObject: token('USDT', 6) }), // 250 USDT
      row(2, { amount: '99500000000000000000', tokenObject: token('USDT', 18) }), // 99.5 USDT
      row(3, { amount: '5', tokenObject: null }) // decimals unknown: cannot be compared, first in ascending order
    ]
    expect([...new DatasetViews(mixed).view({ key: 'amount', dir: 'desc' })]).toEqual([1, 2, 0, 3])
    expect([...new DatasetViews(mixed).view({ key: 'amount', dir: 'asc' })]).toEqual([3, 0, 2, 1])
  })

  it('sorts by stable value, what each transfer was worth, rows without one last when descending', () => {
    const worth = (value: string): TransferRecord['stable'] => ({ symbol: 'USDT', field: 'usdtValume', value })
    const rowsWorth = [row(0, { stable: worth('12.5') }), row(1, { stable: null }), row(2, { stable: worth('1000000.25') }), row(3, { stable: worth('12.50') }), row(4, { stable: worth('0.99') })]
    expect([...new DatasetViews(rowsWorth).view({ key: 'stable', dir: 'desc' })]).toEqual([2, 0, 3, 4, 1])
    expect([...new DatasetViews(rowsWorth).view({ key: 'stable', dir: 'asc' })]).toEqual([1, 4, 0, 3, 2])
  })

  it('filters a sorted view: the same rows as filtering then sorting', () => {
    const views = new DatasetViews(rows)
    const filter = { token: 'usdt', toChainId: 56, from: '2026-11-05', to: '2026-11-20' }
    const got = [...views.view({ key: 'timestamp', dir: 'asc' }, filter)].map((i) => rows[i] as TransferRecord)
    const naive = rows
      .filter((r) => r.tokenObject?.symbol === 'USDT' && r.toChainid === 56 && r.timestamp >= '2026-11-05 00:00:00' && r.timestamp <= '2026-11-20 23:59:59')
      .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id - b.id))
    expect(got.map((r) => r.id)).toEqual(naive.map((r) => r.id))
    expect(got.length).toBeGreaterThan(0)
  })

  it('finds text in hashes, addresses and symbols, case-insensitively', () => {
    const views = new DatasetViews(rows)
    const hash = (rows[42] as TransferRecord).hash
    expect([...views.view(undefined, { text: hash.toUpperCase().replace('0X', '0x') })]).toEqual([42])
    expect(views.view(undefined, { text: 'mapo' }).length).toBe(rows.filter((r) => r.tokenObject?.symbol === 'MAPO').length)
    expect(views.view(undefined, { state: 0 }).length).toBe(100)
  })
})
