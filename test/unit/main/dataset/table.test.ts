// A loaded history is held as columns (to fit a million transfers in main): what must not change is every record read back, and every
// view (filter + sort) the table answers. The oracle is the record-by-record implementation it replaced.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { searchText } from './search-text'
import type { HistoryFilter, HistorySort } from '../../../../src/shared/contract'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import { amountOrder, receivedAmount, sentAmount } from '../../../../src/shared/amounts'
import { DatasetViews } from '../../../../src/main/dataset/views'
import { normalFilter } from '../../../../src/main/dataset/filter'
import { TransferTable } from '../../../../src/main/dataset/table'
import { hex } from './hex'


function record(i: number): TransferRecord {
  const chain = { chain: 'eth', chainId: 1, chainImg: 'https://x/e.png', chainName: 'Ethereum', contract: '0xc', gasLimit: '1', id: 1, rpc: 'https://r', scanUrl: 'https://s' }
  const symbol = ['USDT', 'MAPO', 'ETH'][i % 3] as string
  return {
    id: i,
    chain: 'eth',
    fromChainid: 1,
    toChainid: i % 2 ? 56 : 137,
    contract: '0xcontract',
    from: `0x${hex(40, 7)}`,
    to: `0x${hex(40, (i % 5) + 11)}`,
    tokenAddress: `0xT${i % 3}`,
    amount: `${(i * 7919) % 100000}.000000`,
    inAmount: `${i}.000000`,
    orderId: `0x${hex(64, i + 3)}`,
    hash: `0x${hex(64, i + 1)}`,
    height: 1000 + i,
    confirmHeight: 1001 + i,
    relayerSendHash: null,
    relayerSendHeight: null,
    relayerChainid: null,
    relayerHash: null,
    relayerHeight: null,
    relayerContract: null,
    relayerConfirmHeight: null,
    state: i % 5 === 0 ? 0 : 1,
    type: 4,
    timestamp: `2026-11-${String((i % 28) + 1).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00`,
    createdAt: '2026-11-01 00:00:00',
    updatedAt: '2026-11-02 00:00:00',
    transferinHash: `0x${hex(64, i + 2)}`,
    transferinHeight: 5,
    transferinContract: '0xin',
    transferinSendHash: `0x${hex(64, i + 4)}`,
    transferinConfirmHeight: 6,
    transferinSendHeight: null,
    fromChainObject: chain,
    toChainObject: { ...chain, chainId: 56 },
    tokenObject: { address: `0xT${i % 3}`, chainId: 1, decimal: i % 2 ? 6 : 18, id: i % 3, img: '', isMint: 0, name: symbol, symbol, tokenId: symbol },
    stable: { symbol: 'USDT', field: 'usdtValume', value: `${i}.500000` },
    issues: [],
    usdtValume: `${i}.500000`,
    received: i % 7 === 0 ? null : { decimals: 6, symbol }
  } as TransferRecord
}

/** What a record may carry besides the usual: each arbitrary change the table must give back as it was. */
const oddity = fc.oneof(
  fc.record({ key: fc.constantFrom('height', 'state', 'id', 'transferinSendHeight', 'relayerChainid'), value: fc.oneof(fc.constant(null), fc.constant(2 ** 40), fc.constant(-2147483648), fc.constant(-2147483647), fc.constant(-0), fc.integer()) }),
  fc.record({ key: fc.constantFrom('hash', 'transferinHash'), value: fc.oneof(fc.constant('0xABCdef'), fc.constant(null), fc.constant('İstanbul'), fc.string()) }),
  fc.record({ key: fc.constantFrom('timestamp', 'createdAt'), value: fc.oneof(fc.constant('2026-02-30 10:00:00'), fc.constant('2026-11-05T10:00:00Z'), fc.constant('1970-01-01 00:00:00'), fc.string()) }),
  fc.record({ key: fc.constantFrom('amount', 'orderId', 'from', 'to', 'tokenAddress', 'transferinSendHash'), value: fc.oneof(fc.string(), fc.constant(null), fc.constant(''), fc.constant(`0x${'AB'.repeat(32)}`), fc.constant(`0x${'ab'.repeat(31)}`), fc.constant(`0x${'0f'.repeat(32)}`)) }),
  fc.record({ key: fc.constantFrom('stable', 'tokenObject', 'received'), value: fc.oneof(fc.constant(null), fc.constant({ symbol: 'DAI', field: 'daiValume', value: '1.000000', extra: 1 })) }),
  fc.record({ key: fc.constantFrom('newField', 'ethValume', 'relayerHash'), value: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant({ nested: [1, 'a'] })) }),
  fc.record({ key: fc.constantFrom('state', 'hash', 'received', 'usdtValume', 'timestamp'), value: fc.constant('<delete>') })
)

const recordsArb = fc
  .array(fc.tuple(fc.nat(400), fc.array(oddity, { maxLength: 3 })), { minLength: 1, maxLength: 60 })
  .map((specs) =>
    specs.map(([i, odd]) => {
      const r = record(i) as unknown as Record<string, unknown>
      for (const o of odd) {
        if (o.value === '<delete>') delete r[o.key]
        else r[o.key] = o.value
      }
      return r as TransferRecord
    })
  )

// ---- the oracle: the record-by-record filter and sort the columns replaced ----
function oracleKeep(r: TransferRecord, f: HistoryFilter): boolean {
  if (f.fromChainId !== undefined && r.fromChainid !== f.fromChainId) return false
  if (f.toChainId !== undefined && r.toChainid !== f.toChainId) return false
  if (f.state !== undefined && r.state !== f.state) return false
  if (f.from && r.timestamp < f.from) return false
  if (f.to && r.timestamp > f.to) return false
  if (f.token && (r.tokenObject?.symbol.toLowerCase() ?? '') !== f.token && `${r.tokenAddress}`.toLowerCase() !== f.token) return false
  if (f.text && !searchText(r).includes(f.text)) return false
  return true
}
function oracleKey(r: TransferRecord, key: HistorySort['key']): string | number | bigint {
  if (key === 'amount') return amountOrder(sentAmount(r))
  if (key === 'inAmount') return amountOrder(receivedAmount(r))
  if (key === 'symbol') return r.tokenObject?.symbol ?? ''
  return r[key] as string | number
}
function oracleView(rows: readonly TransferRecord[], sort: HistorySort | undefined, filter: HistoryFilter | undefined): number[] {
  const f = normalFilter(filter)
  let idx = rows.map((_, i) => i)
  if (sort) {
    const dir = sort.dir === 'asc' ? 1 : -1
    const keys = rows.map((r) => oracleKey(r, sort.key))
    idx = idx.sort((a, b) => (keys[a]! < keys[b]! ? -dir : keys[a]! > keys[b]! ? dir : a - b))
  }
  return f ? idx.filter((i) => oracleKeep(rows[i]!, f)) : idx
}

const clean = (r: TransferRecord): TransferRecord => JSON.parse(JSON.stringify(r, (_k, v) => (Object.is(v, -0) ? '-0' : v))) as TransferRecord

describe('TransferTable', () => {
  it('reads back every record as it went in: known fields, unknown fields, nulls, missing keys, odd values', () => {
    fc.assert(
      fc.property(recordsArb, (rows) => {
        const t = new TransferTable(rows)
        expect(t.length).toBe(rows.length)
        rows.forEach((r, i) => {
          expect(clean(t.get(i))).toEqual(clean(r))
          expect(Object.keys(t.get(i)).sort()).toEqual(Object.keys(r).sort())
        })
      }),
      { numRuns: 200 }
    )
  })

  it('merged: new records on top and replaced rows read back as they went in; every other row as it was', () => {
    fc.assert(
      fc.property(recordsArb, recordsArb, recordsArb, fc.array(fc.nat(), { maxLength: 5 }), (base, head, swaps, at) => {
        const t = new TransferTable(base)
        const replaced = new Map<number, TransferRecord>()
        at.forEach((k, j) => replaced.set(k % base.length, swaps[j % swaps.length] as TransferRecord))
        const m = t.merged(head, replaced)
        const want = [...head, ...base.map((r, i) => replaced.get(i) ?? r)]
        expect(m.length).toBe(want.length)
        want.forEach((r, i) => {
          expect(clean(m.get(i))).toEqual(clean(r))
          expect(Object.keys(m.get(i)).sort()).toEqual(Object.keys(r).sort())
        })
        // the table merged from is untouched
        base.forEach((r, i) => expect(clean(t.get(i))).toEqual(clean(r)))
      }),
      { numRuns: 200 }
    )
  })

  it('merged views, with the sort orders carried over, filter and sort the merged rows as the oracle does', () => {
    fc.assert(
      fc.property(recordsArb, recordsArb, recordsArb, fc.array(fc.nat(), { maxLength: 5 }), sortArb, filterArb, (base, head, swaps, at, sort, filter) => {
        const views = new DatasetViews(base)
        // the orders the old views had computed are the ones carried over
        views.view(sort)
        views.view({ key: 'state', dir: 'desc' })
        const replaced = new Map<number, TransferRecord>()
        at.forEach((k, j) => replaced.set(k % base.length, swaps[j % swaps.length] as TransferRecord))
        const next = views.merged(views.table.merged(head, replaced), head.length, [...replaced.keys()])
        const rows = [...head, ...base.map((r, i) => replaced.get(i) ?? r)]
        expect(Array.from(next.view(sort, filter))).toEqual(oracleView(rows, sort, filter))
        expect(Array.from(next.view({ key: 'state', dir: 'desc' }))).toEqual(oracleView(rows, { key: 'state', dir: 'desc' }, undefined))
      }),
      { numRuns: 300 }
    )
  })

  it('keeps -0 and numbers past 32 bits exactly', () => {
    const rows = [{ ...record(1), height: -0, confirmHeight: 2 ** 53 - 1, id: -2147483646 }]
    const got = new TransferTable(rows).get(0)
    expect(Object.is(got.height, -0)).toBe(true)
    expect(got.confirmHeight).toBe(2 ** 53 - 1)
    expect(got.id).toBe(-2147483646)
  })

  it('a record read back is its own object: changing it changes nothing held', () => {
    const t = new TransferTable([record(1), record(4)])
    const a = t.get(0)
    a.amount = '9.000000'
    expect(t.get(0).amount).toBe(record(1).amount)
  })
})

const filterArb = fc.record(
  {
    text: fc.oneof(fc.constantFrom('a', 'ab', 'ABC', '0x', 'x1', 'usdt', 'mapo', 'İ', 'null', 'undefined', ' 3f ', '9'), fc.string({ maxLength: 4 }), fc.stringMatching(/^[0-9a-fx]{1,6}$/)),
    token: fc.constantFrom('usdt', 'MAPO', '0xt1', 'eth', 'dai'),
    fromChainId: fc.constantFrom(1, 56),
    toChainId: fc.constantFrom(56, 137),
    state: fc.constantFrom(0, 1),
    from: fc.constantFrom('2026-11-05', '2026-11-05 10:30:00', '2026-11', '2026-11-05T'),
    to: fc.constantFrom('2026-11-20', '2026-11-20 10:00:00', 'z')
  },
  { requiredKeys: [] }
)
const sortArb = fc.option(
  fc.record({ key: fc.constantFrom('timestamp', 'amount', 'inAmount', 'state', 'type', 'fromChainid', 'toChainid', 'symbol'), dir: fc.constantFrom('asc', 'desc') }),
  { nil: undefined }
) as fc.Arbitrary<HistorySort | undefined>

describe('DatasetViews over the columns', () => {
  it('every view holds exactly the rows, in exactly the order, of the record-by-record oracle', () => {
    fc.assert(
      fc.property(recordsArb, sortArb, filterArb, (rows, sort, filter) => {
        expect(Array.from(new DatasetViews(rows).view(sort, filter))).toEqual(oracleView(rows, sort, filter))
      }),
      { numRuns: 400 }
    )
  })

  it('typing a query key by key and deleting it again gives the oracle rows at every step', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => record(i))
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fx]{2,8}$/), sortArb, (text, sort) => {
        const views = new DatasetViews(rows)
        const steps = [...Array.from(text, (_, k) => text.slice(0, k + 1)), ...Array.from(text, (_, k) => text.slice(0, text.length - 1 - k))]
        for (const q of steps) expect(Array.from(views.view(sort, { text: q }))).toEqual(oracleView(rows, sort, { text: q }))
      }),
      { numRuns: 25 }
    )
  })
})

describe('timestamps', () => {
  it('a text is stored as seconds only when those seconds format back to exactly that text', async () => {
    const { timeSeconds, formatSeconds } = await import('../../../../src/main/dataset/columns')
    fc.assert(
      fc.property(fc.oneof(fc.date({ min: new Date('1969-12-31T00:00:00Z'), max: new Date('2106-03-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 19).replace('T', ' ')), fc.string({ minLength: 19, maxLength: 19 }), fc.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)), (text) => {
        const s = timeSeconds(text)
        if (s !== null) expect(formatSeconds(s)).toBe(text)
        else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) {
          const ms = Date.parse(`${text.replace(' ', 'T')}Z`)
          // refused: not a real date-time that round-trips, or outside what 32 bits of seconds hold
          expect(Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19).replace('T', ' ') !== text || ms < 1000 || ms / 1000 >= 0xffffffff).toBe(true)
        }
      }),
      { numRuns: 2000 }
    )
  })
})
