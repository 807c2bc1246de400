// A loaded history kept current (Live) against a service whose list grows at its head and whose transfers
// change state. What must hold: new transfers go on top exactly once, changed ones are replaced where they are,
// every other row keeps its id and content, a refresh that finds nothing changes nothing, and sorts, filters
// and exports see the merged rows.
import { describe, expect, it } from 'vitest'
import type { LoadedHistories } from '../../../../src/main/dataset'
import { HEAD_PAGES, PENDING_PAGES } from '../../../../src/main/dataset/refresh'
import { transferOfRecord, type Transfer } from '../../../../src/shared/transfer'
import { ADDRESS, CHAIN_ID, datasetRecords, FakeHistory, serviceOn } from './fake-history'

const PAGE = 50

async function loaded(count: number): Promise<{ fake: FakeHistory; history: LoadedHistories; datasetId: string; before: Transfer[] }> {
  const fake = new FakeHistory(count)
  const history = await serviceOn(fake, PAGE)
  const { datasetId } = await history.loadAll({ jobId: 'j', address: ADDRESS, chainId: CHAIN_ID }, () => undefined)
  fake.asked.length = 0
  return { fake, history, datasetId, before: await datasetRecords(history) }
}

const ids = (rows: readonly { id: number | null }[]): (number | null)[] => rows.map((r) => r.id)

describe('refreshing a loaded history', () => {
  it('puts new transfers on top, once, and leaves every other row as it was', async () => {
    const { fake, history, datasetId, before } = await loaded(230)
    const fresh = fake.arrive(3)
    const res = await history.refresh({ datasetId })
    expect(res).toMatchObject({ arrived: 3, updated: 0, sinceLoad: 3, total: 233, gap: false })
    const after = await datasetRecords(history)
    expect(ids(after.slice(0, 3))).toEqual(fresh)
    expect(after.slice(0, 3)).toEqual(fake.list.slice(0, 3).map((r) => transferOfRecord({ ...r, received: null })))
    expect(after.slice(3)).toEqual(before)

    // asked again, the same transfers are not added a second time
    const again = await history.refresh({ datasetId })
    expect(again).toMatchObject({ arrived: 0, updated: 0, sinceLoad: 3, total: 233 })
    expect(await datasetRecords(history)).toEqual(after)
  })

  it('replaces a transfer whose state and legs changed where it is, by id, and nothing else', async () => {
    const { fake, history, datasetId, before } = await loaded(230)
    const pending = before.findIndex((r) => r.state.number === 0)
    const id = before[pending]!.id as number
    fake.complete(id)
    const res = await history.refresh({ datasetId })
    expect(res).toMatchObject({ arrived: 0, updated: 1, sinceLoad: 0, total: 230 })
    const after = await datasetRecords(history)
    expect(after[pending]).toMatchObject({ id, state: { number: 1 }, outcome: 'delivered', legs: { destination: { hash: expect.stringMatching(/^0x/) } }, received: { wire: `${id}.000000` } })
    after.forEach((r, i) => {
      if (i !== pending) expect(r).toEqual(before[i])
    })
  })

  it('a refresh that finds nothing changes nothing and asks only page 1', async () => {
    const { fake, history, datasetId, before } = await loaded(230)
    const res = await history.refresh({ datasetId, anchor: { id: 200 } })
    expect(res).toEqual({ arrived: 0, updated: 0, sinceLoad: 0, total: 230, gap: false, anchor: null })
    expect(await datasetRecords(history)).toEqual(before)
    // page 1, and the pages of the newest pending transfers not on it: a handful, not the history
    expect(fake.asked[0]).toBe(1)
    expect(fake.asked.length).toBeLessThanOrEqual(1 + PENDING_PAGES)
  })

  it('asks the pages the newest pending transfers are on now, past the head, shifted by what arrived', async () => {
    const { fake, history, datasetId, before } = await loaded(230)
    // pending transfers below page 1; with two arrivals the first of them moves down two rows
    const deep = before.map((r, i) => ({ r, i })).filter(({ r, i }) => r.state.number === 0 && i >= PAGE)
    const target = deep[0] as { r: Transfer; i: number }
    fake.arrive(2)
    fake.complete(target.r.id as number)
    const res = await history.refresh({ datasetId })
    expect(res).toMatchObject({ arrived: 2, updated: 1 })
    expect(fake.asked).toContain(Math.floor((target.i + 2) / PAGE) + 1)
    const after = await datasetRecords(history)
    expect(after[target.i + 2]).toMatchObject({ id: target.r.id, state: { number: 1 } })
  })

  it('reads a bounded number of head pages; more arrivals than that are a gap it says it cannot vouch for', async () => {
    const { fake, history, datasetId } = await loaded(120)
    fake.arrive(HEAD_PAGES * PAGE + 7)
    const res = await history.refresh({ datasetId })
    expect(res.arrived).toBe(HEAD_PAGES * PAGE)
    expect(res.gap).toBe(true)
    expect(fake.asked.filter((p) => p <= HEAD_PAGES)).toEqual(Array.from({ length: HEAD_PAGES }, (_, k) => k + 1))
    const after = await datasetRecords(history)
    expect(ids(after.slice(0, res.arrived))).toEqual(ids(fake.list.slice(0, res.arrived)))
  })

  it('two refreshes at once ask the service once and merge once', async () => {
    const { fake, history, datasetId } = await loaded(120)
    fake.arrive(1)
    const [a, b] = await Promise.all([history.refresh({ datasetId }), history.refresh({ datasetId })])
    expect(a).toMatchObject({ arrived: 1, sinceLoad: 1 })
    expect(b).toMatchObject({ arrived: 1, sinceLoad: 1 })
    expect(fake.asked.filter((p) => p === 1)).toHaveLength(1)
    expect((await datasetRecords(history)).length).toBe(121)
  })

  it('sorts and filters see merged rows; a row a filter hides counts but shows once the filter admits it', async () => {
    const { fake, history, datasetId } = await loaded(120)
    const sort = { key: 'timestamp', dir: 'asc' } as const
    const delivered = { state: 1 }
    const before = await history.rows({ datasetId, offset: 0, limit: 500, sort, filter: delivered })
    // 125 is pending (every fifth is), 121 and 122 are delivered
    const fresh = fake.arrive(5)
    const res = await history.refresh({ datasetId })
    expect(res).toMatchObject({ arrived: 5, sinceLoad: 5 })
    const after = await history.rows({ datasetId, offset: 0, limit: 500, sort, filter: delivered })
    const shown = fresh.filter((id) => id % 5 !== 0)
    expect(after.matched).toBe(before.matched + shown.length)
    expect(after.total).toBe(125)
    // oldest first: the new ones, the newest there are, come last, in time order
    expect(ids(after.rows.slice(-shown.length))).toEqual([...shown].sort((a, b) => a - b))
    expect(ids(after.rows.slice(0, before.rows.length))).toEqual(ids(before.rows))
    const pendingNow = await history.rows({ datasetId, offset: 0, limit: 500, filter: { state: 0 } })
    expect(ids(pendingNow.rows)).toContain(125)
  })

  it('exports carry the merged rows', async () => {
    const { fake, history, datasetId } = await loaded(60)
    const [newest] = fake.arrive(1)
    await history.refresh({ datasetId })
    const out = history.export({ datasetId, format: 'json' })
    expect(out.rows).toBe(61)
    const rows = JSON.parse(out.content) as { hash: string }[]
    expect(rows[0]?.hash).toBe(fake.list.find((r) => r.id === newest)?.hash)
  })

  it('says where the row the user looks at is now in its view, so the table can keep it in place', async () => {
    const { fake, history, datasetId } = await loaded(230)
    const sort = { key: 'amount', dir: 'desc' } as const
    const view = await history.rows({ datasetId, offset: 100, limit: 1, sort })
    const anchorId = (view.rows[0] as { id: number }).id
    fake.arrive(4)
    const res = await history.refresh({ datasetId, anchor: { id: anchorId, sort } })
    const now = await history.rows({ datasetId, offset: res.anchor ?? 0, limit: 1, sort })
    expect((now.rows[0] as { id: number }).id).toBe(anchorId)
    // the new rows that sort above it moved it down by as many rows
    const above = (await history.rows({ datasetId, offset: 0, limit: 500, sort })).rows.slice(0, res.anchor ?? 0).filter((r) => (r.id ?? 0) > 230)
    expect(res.anchor).toBe(100 + above.length)
  })

  it('a row that leaves its view (a filter no longer admits it) has no anchor', async () => {
    const { fake, history, datasetId, before } = await loaded(120)
    const id = before.find((r) => r.state.number === 0)!.id as number
    fake.complete(id)
    const res = await history.refresh({ datasetId, anchor: { id, filter: { state: 0 } } })
    expect(res).toMatchObject({ updated: 1, anchor: null })
  })

  it('a history loaded again while a refresh was under way is not merged into', async () => {
    const { fake, history, datasetId } = await loaded(120)
    fake.arrive(2)
    const refreshing = history.refresh({ datasetId })
    await history.loadAll({ jobId: 'j2', address: ADDRESS, chainId: CHAIN_ID }, () => undefined)
    const res = await refreshing
    expect(res).toMatchObject({ arrived: 0, sinceLoad: 0, total: 122 })
    expect((await datasetRecords(history)).length).toBe(122)
  })
})
