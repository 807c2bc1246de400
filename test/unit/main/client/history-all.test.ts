import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../../src/main/client/bridge-api'
import { fetchAllHistory, type HistoryProgress, type HistorySource } from '../../../../src/main/client/history-all'
import { startSimulator, type Simulator } from '../../../../src/main/sim/index'
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
    expect(all.totalChanged).toBe(false)
    const first = await client.queryHistory({ ...target, pageSize: 1 })
    expect(all.list[0]!.id).toBe(first.list[0]!.id)
    expect(progress.at(-1)).toEqual({ loaded: target.count, total: target.count, pagesDone: 9, pagesTotal: 9 })
    expect(progress.map((p) => p.pagesDone)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
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

  it('follows a total that grows mid-way and dedupes shifted records', async () => {
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
    expect(all.totalChanged).toBe(true)
    expect(all.total).toBe(target.count + 5)
    expect(new Set(all.list.map((r) => r.id)).size).toBe(all.list.length)
    expect(all.list.length).toBe(target.count)
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
