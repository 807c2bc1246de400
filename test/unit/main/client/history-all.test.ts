import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import type { ArrivedHistoryPage } from '../../../../src/main/client/query-client'
import { fetchAllHistory, type HistoryProgress, type HistorySource } from '../../../../src/main/client/history-all'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { AppError } from '../../../../src/shared/errors'
import type { HistoryPage } from '../../../../src/shared/schemas/wire'
import { expectAppError } from './helpers'

let sim: Simulator
let client: BridgeClient
let target: { address: string; chainId: number; count: number }

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 4000, rotateEveryMs: null })
  client = new BridgeClient({ baseUrl: sim.baseUrl, retryDelayMs: () => 10, maxPageSize: 1000 })
  target = sim.sample().addresses[0]!
})
afterAll(async () => sim.close())

describe('fetchAllHistory', () => {
  it('loads every page, in order, with progress', async () => {
    const progress: HistoryProgress[] = []
    const pageSize = Math.max(1, Math.ceil(target.count / 9))
    const all = await fetchAllHistory(client, target, { pageSize, onProgress: (p) => progress.push(p) })
    expect(all.list.length).toBe(target.count)
    expect(new Set(all.list.map((r) => r.id)).size).toBe(target.count)
    expect({ arrived: all.arrived, doubts: all.doubts, startTotal: all.startTotal }).toEqual({ arrived: 0, doubts: [], startTotal: target.count })
    const first = await client.queryHistory({ ...target, pageSize: 1 })
    expect(all.list[0]!.id).toBe(first.list[0]!.id)
    // nine pages, then one look at the head for arrivals
    expect(progress.at(-1)).toEqual({ loaded: target.count, total: target.count, pagesDone: 10, pagesTotal: 10 })
    expect(progress.map((p) => p.pagesDone)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('keeps at most `concurrency` pages in flight', async () => {
    let inFlight = 0
    let peak = 0
    const counting: HistorySource = {
      maxPageSize: 100,
      async queryHistory(q, call) {
        inFlight++
        peak = Math.max(peak, inFlight)
        try {
          return await client.queryHistory(q, call)
        } finally {
          inFlight--
        }
      }
    }
    sim.setFaults('queryHistory', { latencyMs: 20 })
    try {
      await fetchAllHistory(counting, target, { pageSize: Math.ceil(target.count / 12), concurrency: 3 })
    } finally {
      sim.clearFaults()
    }
    expect(peak).toBe(3)
  })

  it('a total that grows while the records stay put is a contradiction it names, never a record twice', async () => {
    let calls = 0
    const wide = new BridgeClient({ baseUrl: sim.baseUrl, maxPageSize: 1000 })
    const moving: HistorySource = {
      maxPageSize: 1000,
      async queryHistory(q, call) {
        calls++
        const page = await wide.queryHistory(q, call)
        // From the third call on, the service claims one page more, repeating records (a shift).
        if (calls >= 3) return { list: page.list.length ? page.list : [], total: page.total + 5 }
        return page
      }
    }
    const pageSize = Math.ceil(target.count / 4)
    const all = await fetchAllHistory(moving, target, { pageSize, concurrency: 1 })
    // five arrivals would have shifted every record five places; none moved, so the pages contradict
    expect(all.doubts.map((d) => d.kind)).toContain('contradiction')
    expect(all.total).toBe(target.count + 5)
    expect(new Set(all.list.map((r) => r.id)).size).toBe(all.list.length)
  })

  it('is cancellable', async () => {
    const ctl = new AbortController()
    sim.setFaults('queryHistory', { latencyMs: 50 })
    try {
      const run = fetchAllHistory(client, target, {
        pageSize: 1,
        signal: ctl.signal,
        onProgress: (p) => {
          if (p.pagesDone === 2) ctl.abort()
        }
      })
      await expectAppError(run, 'cancelled')
    } finally {
      sim.clearFaults()
    }
  })

  it('a failing page fails the whole job', async () => {
    sim.setFaults('queryHistory', { envelope: { code: 500, message: 'down' } })
    try {
      await expectAppError(fetchAllHistory(client, target, { pageSize: 5 }), 'api')
    } finally {
      sim.clearFaults()
    }
  })
})

// "Load all" with a source that separates the request from the decode (BridgeClient.fetchHistory): the next
// request must be in flight while a page is decoded, and the walk must keep every guarantee it had.
interface Traced extends HistorySource {
  events: string[]
  peak: number
}

/** The real client, with a log of requests sent, answers arrived and decodes finished. */
function traced(transform?: (pageNo: number, page: HistoryPage) => HistoryPage, failDecodeOf?: number): Traced {
  let inFlight = 0
  const source: Traced = {
    events: [],
    peak: 0,
    maxPageSize: 1000,
    queryHistory: () => Promise.reject(new Error('the pipelined walk must use fetchHistory')),
    async fetchHistory(q, call): Promise<ArrivedHistoryPage> {
      const pageNo = q.pageNo ?? 1
      source.events.push(`send ${pageNo}`)
      source.peak = Math.max(source.peak, ++inFlight)
      try {
        const arrived = await client.fetchHistory(q, call)
        source.events.push(`arrived ${pageNo}`)
        return {
          decode: () => {
            if (pageNo === failDecodeOf) throw new AppError({ kind: 'decode', operation: 'queryHistory', message: `page ${pageNo} is bad` })
            const page = arrived.decode()
            source.events.push(`decoded ${pageNo}`)
            return transform ? transform(pageNo, page) : page
          }
        }
      } finally {
        inFlight--
      }
    }
  }
  return source
}

describe('fetchAllHistory, pipelined', () => {
  it('sends the next request before decoding the page that arrived, and keeps `concurrency` requests at most', async () => {
    const source = traced()
    sim.setFaults('queryHistory', { latencyMs: 20 })
    try {
      const all = await fetchAllHistory(source, target, { pageSize: Math.ceil(target.count / 12), concurrency: 3 })
      expect(all.list.length).toBe(target.count)
      expect(new Set(all.list.map((r) => r.id)).size).toBe(target.count)
    } finally {
      sim.clearFaults()
    }
    expect(source.peak).toBe(3)
    // One worker alone: page n+1 is requested between page n's arrival and its decoding.
    const single = traced()
    await fetchAllHistory(single, target, { pageSize: Math.ceil(target.count / 4), concurrency: 1 })
    expect(single.events).toEqual([
      'send 1', 'arrived 1', 'decoded 1',
      'send 2', 'arrived 2', 'send 3', 'decoded 2', 'arrived 3', 'send 4', 'decoded 3', 'arrived 4', 'decoded 4',
      // the look at the head for arrivals
      'send 1', 'arrived 1', 'decoded 1'
    ])
    expect(single.peak).toBe(1)
  })

  it('a total that grows while the records stay put is named as a contradiction, and no record is listed twice', async () => {
    let decoded = 0
    const source = traced((_, page) => (++decoded >= 3 ? { list: page.list, total: page.total + 5 } : page))
    const all = await fetchAllHistory(source, target, { pageSize: Math.ceil(target.count / 4), concurrency: 1 })
    const ids = new Set(all.list.map((r) => r.id))
    expect(all.doubts.map((d) => d.kind)).toContain('contradiction')
    expect({ total: all.total, unique: ids.size }).toEqual({ total: target.count + 5, unique: all.list.length })
  })

  // Cancelling and a failing request: the tests above run them with BridgeClient, which is pipelined.

  it('stops on the first page that fails to decode, without sending more', async () => {
    const source = traced(undefined, 3)
    sim.setFaults('queryHistory', { latencyMs: 10 })
    try {
      const error = await expectAppError(fetchAllHistory(source, target, { pageSize: Math.ceil(target.count / 20), concurrency: 2 }), 'decode')
      expect(error.message).toContain('page 3')
    } finally {
      sim.clearFaults()
    }
    // Sent at the failure: at most one request per worker past page 3; nothing after.
    const sent = source.events.filter((e) => e.startsWith('send ')).length
    expect(sent).toBeLessThanOrEqual(6)
  })
})
