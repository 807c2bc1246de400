// Finding a transfer in a loaded history by what the table shows of it: the quick filter reads chain names and
// state words as well as hashes, addresses and tokens; "stuck" is the same rule as the table's mark; Duration
// sorts as its cells read; the State filter offers every state the whole history holds, not only the first rows'.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ADDRESS, CHAIN_ID, FakeHistory, serviceOn, transfer } from './fake-history'
import type { TransferRecord } from '../../../../src/shared/schemas/wire'
import type { HistoryFilter, HistorySort } from '../../../../src/shared/contract'
import type { TableRow } from '../../../../src/shared/table-row'
import { isStuck, legs } from '../../../../src/renderer/src/lib/transfers/timing'
import { defaultSettings } from '../../../../src/shared/schemas/settings'

const COUNT = 240
const polygon = { chain: 'matic', chainId: 137, chainImg: '', chainName: 'Polygon', contract: '', gasLimit: '1', id: 137, rpc: '', scanUrl: '' }

/** A history where some transfers go to Polygon, some were refunded (Butter-like state 6), the rest as the fake has them. */
function history(): FakeHistory {
  const fake = new FakeHistory(COUNT)
  fake.list = fake.list.map((r): TransferRecord => {
    const out = r.toChainid === 137 ? { ...r, toChainObject: polygon } : r
    return r.id % 7 === 0 ? { ...out, state: 6, outcome: 'refunded', transferinHash: '', inAmount: '0.000000' } : out
  })
  return fake
}

async function loaded(): Promise<{ rows: (filter?: HistoryFilter, sort?: HistorySort) => Promise<TableRow[]>; all: TableRow[]; states: () => Promise<unknown> }> {
  const h = await serviceOn(history(), 100)
  const { datasetId } = await h.loadAll({ jobId: 'j', address: ADDRESS, chainId: CHAIN_ID }, () => undefined)
  const rows = async (filter?: HistoryFilter, sort?: HistorySort): Promise<TableRow[]> =>
    (await h.rows({ datasetId, offset: 0, limit: COUNT, filter, sort, complete: true })).rows
  return { rows, all: await rows(), states: async () => (await h.rows({ datasetId, offset: 0, limit: 1, widest: true })).states }
}

describe('the quick filter reads what the row shows', () => {
  it('finds transfers by a chain name, a state word or an outcome word, and nothing else', async () => {
    const { rows, all } = await loaded()
    const ids = (rs: TableRow[]) => rs.map((r) => r.id).sort((a, b) => (a ?? 0) - (b ?? 0))
    expect(ids(await rows({ text: 'Polygon' }))).toEqual(ids(all.filter((r) => r.legs.destination.chainName === 'Polygon')))
    expect(ids(await rows({ text: 'polyg' }))).toEqual(ids(all.filter((r) => r.legs.destination.chainName === 'Polygon')))
    expect(ids(await rows({ text: 'pending' }))).toEqual(ids(all.filter((r) => r.state.number === 0)))
    expect(ids(await rows({ text: 'complete' }))).toEqual(ids(all.filter((r) => r.state.number === 1)))
    expect(ids(await rows({ text: 'in flight' }))).toEqual(ids(all.filter((r) => r.outcome === 'in-flight')))
    expect(ids(await rows({ text: 'refunded' }))).toEqual(ids(all.filter((r) => r.outcome === 'refunded')))
    expect((await rows({ text: 'refunded' })).length).toBeGreaterThan(0)
    // what must not change: a hash still finds the transfers that sent or received in it, and a word in no row finds none
    const h = all[5]!.hash
    expect(ids(await rows({ text: h }))).toEqual(ids(all.filter((r) => r.hash === h || r.legs.destination.hash === h)))
    expect(await rows({ text: 'avalanche' })).toEqual([])
  })
})

describe('"stuck" in main is the table’s stuck mark', () => {
  it('selects exactly the rows the table marks stuck, for any clock and any thresholds', async () => {
    const { rows, all } = await loaded()
    const first = Date.parse(`${all[all.length - 1]!.times.sent}`)
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 * 24 * 60 }),
        fc.integer({ min: 1, max: 24 * 60 }),
        fc.integer({ min: 1, max: 24 * 60 }),
        async (afterMin, defaultMinutes, routeMinutes) => {
          const now = first + afterMin * 60_000
          const settings = { ...defaultSettings(), stuckThresholds: { defaultMinutes, routes: { [`${CHAIN_ID}-56`]: routeMinutes } } }
          const got = await rows({ stuck: { now, defaultMinutes, routes: settings.stuckThresholds.routes } })
          expect(got.map((r) => r.id)).toEqual(all.filter((r) => isStuck(r, settings, now)).map((r) => r.id))
        }
      ),
      { numRuns: 40 }
    )
  })
})

describe('Duration sorts as its cells read', () => {
  it('orders delivered transfers by send → receipt, those without a duration first, and keeps ties in loaded order', async () => {
    const fake = history()
    // times that differ: each delivered transfer took its id's seconds
    fake.list = fake.list.map((r) => (r.state === 1 ? { ...r, updatedAt: new Date(Date.parse(`${r.timestamp.replace(' ', 'T')}Z`) + r.id * 1000).toISOString().slice(0, 19).replace('T', ' ') } : r))
    const h = await serviceOn(fake, 100)
    const { datasetId } = await h.loadAll({ jobId: 'j', address: ADDRESS, chainId: CHAIN_ID }, () => undefined)
    for (const dir of ['asc', 'desc'] as const) {
      const got = (await h.rows({ datasetId, offset: 0, limit: COUNT, sort: { key: 'duration', dir }, complete: true })).rows
      const ms = got.map((r) => legs(r).totalMs ?? -1)
      const sorted = [...ms].sort((a, b) => (dir === 'asc' ? a - b : b - a))
      expect(ms).toEqual(sorted)
      expect(ms.some((m) => m > 0)).toBe(true)
    }
  })
})

describe('the State filter offers every state the history holds', () => {
  it('every state of every row, however deep, once each with its rows counted', async () => {
    const { all, states } = await loaded()
    const told = (await states()) as { number: number; outcome: string; rows: number }[]
    const want = new Map<string, number>()
    for (const r of all) want.set(`${r.state.number}/${r.outcome}`, (want.get(`${r.state.number}/${r.outcome}`) ?? 0) + 1)
    expect(new Map(told.map((s) => [`${s.number}/${s.outcome}`, s.rows]))).toEqual(want)
    // the refunds sit deep in the history, never among the first rows only
    expect(told.some((s) => s.number === 6 && s.outcome === 'refunded')).toBe(true)
    expect(transfer(1).state).toBe(1)
  })
})
