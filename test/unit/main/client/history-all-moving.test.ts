// "Load all" against a list that moves: transfers arrive at its head between any two requests, and the
// answers of pages asked side by side come back in any order (fast-check's scheduler picks the order).
// Whatever the interleaving, every transfer that existed when the load began is in the result exactly once,
// the arrivals found are counted, and anything else is named as a doubt instead of a silent shortfall.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fetchAllHistory, type HistorySource } from '../../../../src/main/client/history-all'
import type { HistoryPage, TransferRecord } from '../../../../src/shared/schemas/wire'

/** Only the id matters to the load; the rest of a record rides along untouched. */
const recordOf = (id: number): TransferRecord => ({ id }) as unknown as TransferRecord

interface Moving extends HistorySource {
  /** the list as the service holds it now, newest first */
  ids(): number[]
  /** the list as page 1's answer saw it */
  startIds: number[] | null
  requests: number
  pageSizes: Set<number>
}

/**
 * A service whose list gains `arrivals[i]` transfers at its head when it receives request i, answers from the
 * list as it stands then, and hands the answer to `deliver`, which may hold it back behind later ones.
 */
function movingService(opts: {
  initial: number
  arrivals: (i: number) => number
  deliver: <T>(answer: Promise<T>) => Promise<T>
  /** removes this many records from the tail on request `at` */
  shrink?: { at: number; count: number }
  /** on request `at`, answers a page whose records are another page's */
  lie?: { at: number }
}): Moving {
  const list: number[] = Array.from({ length: opts.initial }, (_, k) => opts.initial - k) // newest first
  let nextId = opts.initial + 1
  const service: Moving = {
    maxPageSize: 1000,
    startIds: null,
    requests: 0,
    pageSizes: new Set(),
    ids: () => [...list],
    queryHistory(q) {
      const i = service.requests++
      for (let a = opts.arrivals(i); a > 0; a--) list.unshift(nextId++)
      if (opts.shrink?.at === i) list.splice(list.length - opts.shrink.count, opts.shrink.count)
      const pageNo = q.pageNo ?? 1
      const size = q.pageSize ?? 10
      service.pageSizes.add(size)
      let from = (pageNo - 1) * size
      if (opts.lie?.at === i) from = Math.max(0, from - size)
      const page: HistoryPage = { list: list.slice(from, from + size).map(recordOf), total: list.length }
      if (i === 0) service.startIds = [...list]
      return opts.deliver(Promise.resolve(page))
    }
  }
  return service
}

function expectComplete(service: Moving, result: Awaited<ReturnType<typeof fetchAllHistory>>): void {
  const ids = result.list.map((r) => r.id)
  const start = service.startIds ?? []
  // no transfer twice
  expect(new Set(ids).size).toBe(ids.length)
  // every transfer of the start list, once
  const inResult = new Set(ids)
  expect(start.filter((id) => !inResult.has(id))).toEqual([])
  // the rest are arrivals, counted, and the whole result is in the service's own order
  expect(result.arrived).toBe(ids.length - start.length)
  const now = service.ids()
  const position = new Map(now.map((id, k) => [id, k]))
  expect(ids.every((id) => position.has(id))).toBe(true)
  expect([...ids].sort((a, b) => position.get(a)! - position.get(b)!)).toEqual(ids)
  expect(result.startTotal).toBe(start.length)
  expect(result.doubts).toEqual([])
}

describe('load all against a list that grows at its head', () => {
  it('property: complete, exactly once, in order, for any answer order, page size 1–1,000 and concurrency 1–16', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 16 }),
        fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 64 }),
        async (s, initial, pageSize, concurrency, draws) => {
          // Fewer arrivals between two requests than a page holds: a list that grows faster than it can be
          // paged is the next property's case.
          const arrivals = (i: number): number => Math.min(draws[i % draws.length]!, Math.max(0, pageSize - 1))
          const service = movingService({ initial, arrivals, deliver: (p) => s.schedule(p) })
          const result = await s.waitFor(fetchAllHistory(service, { address: '0x', chainId: 1 }, { pageSize, concurrency }))
          expectComplete(service, result)
          // the app asks for the page size it was given, never another
          expect([...service.pageSizes]).toEqual([pageSize])
        }
      ),
      { numRuns: 300 }
    )
  })

  it('the reported case: 250 transfers, one arriving per request, page size 10, four at a time: all 250, none twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (s) => {
        // 250 when page 1 is answered, then one more with every later request
        const service = movingService({ initial: 250, arrivals: (i) => (i === 0 ? 0 : 1), deliver: (p) => s.schedule(p) })
        const result = await s.waitFor(fetchAllHistory(service, { address: '0x', chainId: 1 }, { pageSize: 10, concurrency: 4 }))
        expectComplete(service, result)
        expect(result.list.length).toBe(250 + result.arrived)
        expect(result.arrived).toBeGreaterThan(0)
      }),
      { numRuns: 100 }
    )
  })

  it('a list that grows faster than it can be paged ends, and says how many it could not fetch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 20, max: 200 }), async (s, pageSize, initial) => {
        const service = movingService({ initial, arrivals: () => pageSize + 1, deliver: (p) => s.schedule(p) })
        const result = await s.waitFor(fetchAllHistory(service, { address: '0x', chainId: 1 }, { pageSize, concurrency: 2 }))
        const ids = result.list.map((r) => r.id)
        expect(new Set(ids).size).toBe(ids.length)
        const inResult = new Set(ids)
        const missed = (service.startIds ?? []).filter((id) => !inResult.has(id)).length
        const said = result.doubts.find((d) => d.kind === 'missing')
        expect(missed === 0 ? undefined : said).toEqual(missed === 0 ? undefined : { kind: 'missing', places: missed })
      }),
      { numRuns: 60 }
    )
  })

  it('a total that falls below the start total is named, with both totals', async () => {
    const service = movingService({ initial: 50, arrivals: () => 0, deliver: (p) => p, shrink: { at: 2, count: 7 } })
    const result = await fetchAllHistory(service, { address: '0x', chainId: 1 }, { pageSize: 10, concurrency: 1 })
    expect(result.doubts).toContainEqual({ kind: 'shrank', from: 50, to: 43 })
    expect(new Set(result.list.map((r) => r.id)).size).toBe(result.list.length)
  })

  it('a page that contradicts its neighbours is named, and no record is listed twice', async () => {
    const service = movingService({ initial: 50, arrivals: () => 0, deliver: (p) => p, lie: { at: 3 } })
    const result = await fetchAllHistory(service, { address: '0x', chainId: 1 }, { pageSize: 10, concurrency: 1 })
    expect(result.doubts.map((d) => d.kind)).toContain('contradiction')
    expect(new Set(result.list.map((r) => r.id)).size).toBe(result.list.length)
  })

  it('a list that stands still costs one request per page plus one look at the head, and has nothing to say', async () => {
    const service = movingService({ initial: 95, arrivals: () => 0, deliver: (p) => p })
    const result = await fetchAllHistory(service, { address: '0x', chainId: 1 }, { pageSize: 10, concurrency: 4 })
    expectComplete(service, result)
    expect(result.arrived).toBe(0)
    expect(service.requests).toBe(10 + 1)
  })
})
