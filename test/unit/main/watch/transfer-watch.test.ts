// Watched transfers and addresses against the simulator. The sim's transfers do not move on their own, so a
// small wrapper plays a pending transfer that completes (its detail becomes a completed transfer's detail)
// and hides an address's newest transfer until a later poll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TransferDetail } from '../../../../src/shared/schemas/wire'
import { startSimulator, type Simulator } from '../../../support/simulator'
import type { WatchClient } from '../../../../src/main/watch/types'
import { rig, simClient, tempDir } from './helpers'

let sim: Simulator
let pending: TransferDetail
let completed: TransferDetail

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, transfers: 300, rotateEveryMs: null })
  const client = simClient(sim.baseUrl, [sim.rpcUrl])
  const details = await Promise.all(sim.sample().txHashes.map((h) => client.queryBridgeInfo(h)))
  pending = details.find((d) => d.transferInHash === '')!
  completed = details.find((d) => d.transferInHash !== '' && d.state !== pending.state)!
  expect(pending).toBeDefined()
  expect(completed).toBeDefined()
})
afterAll(async () => {
  await sim.close()
})

describe('transfer watch', () => {
  it('alerts once when a watched transfer is stuck, once when it completes, then stops polling it', async () => {
    const real = simClient(sim.baseUrl, [sim.rpcUrl])
    let done = false
    let calls = 0
    const client: WatchClient = {
      getVault: (e, o) => real.getVault(e, o),
      queryHistory: (q, o) => real.queryHistory(q, o),
      queryBridgeInfo: async (h, o) => {
        calls++
        return done && h === pending.fromHash ? { ...(await real.queryBridgeInfo(completed.fromHash, o)), fromHash: h } : real.queryBridgeInfo(h, o)
      }
    }
    let now = Date.UTC(2026, 0, 1)
    const route = `${pending.fromChainId}-${pending.toChainId}`
    const r = await rig({
      dir: tempDir(),
      client,
      rpcUrls: [],
      now: () => now,
      targets: { transfers: [{ txHash: pending.fromHash, label: '', addedAt: now - 30 * 60_000 }] },
      settings: (s) => ({ ...s, stuckThresholds: { defaultMinutes: 600, routes: { [route]: 45 } } })
    })
    await r.watcher.recheck()
    expect(r.events).toEqual([]) // pending 30 min, threshold 45 min for this route
    now += 10 * 60_000
    await r.watcher.recheck()
    expect(r.events).toEqual([])
    now += 10 * 60_000
    await r.watcher.recheck()
    now += 10 * 60_000
    await r.watcher.recheck()
    expect(r.events.map((e) => e.kind)).toEqual(['stuck'])
    expect(r.events[0]).toMatchObject({ txHash: pending.fromHash.toLowerCase(), route, pendingMinutes: 50 })

    done = true
    now += 10 * 60_000
    await r.watcher.recheck()
    expect(r.events.map((e) => e.kind)).toEqual(['stuck', 'transfer-change'])
    expect(r.events[1]).toMatchObject({
      stateBefore: pending.state,
      stateAfter: completed.state,
      legsFilled: expect.arrayContaining(['destination'])
    })
    expect(r.notifications.map((n) => n.title)).toEqual(r.events.map((e) => e.title))
    r.notifications[1]?.onClick()
    expect(r.opened).toEqual([`#/transfer?txHash=${pending.fromHash.toLowerCase()}`])

    const before = calls
    now += 60 * 60_000
    await r.watcher.recheck()
    expect(calls).toBe(before) // completed: no longer polled…
    await r.watcher.recheck(pending.fromHash)
    expect(calls).toBe(before + 1) // …except when that transfer is re-checked by hand
    expect(r.events).toHaveLength(2)
  })

  it('stops polling a pending transfer past the maximum watch age, until a manual re-check', async () => {
    const real = simClient(sim.baseUrl, [sim.rpcUrl])
    let calls = 0
    const client: WatchClient = {
      getVault: (e, o) => real.getVault(e, o),
      queryHistory: (q, o) => real.queryHistory(q, o),
      queryBridgeInfo: (h, o) => {
        calls++
        return real.queryBridgeInfo(h, o)
      }
    }
    const start = Date.UTC(2026, 0, 1)
    const now = start + 49 * 3_600_000
    const r = await rig({
      dir: tempDir(),
      client,
      rpcUrls: [],
      now: () => now,
      targets: { transfers: [{ txHash: pending.fromHash, label: '', addedAt: start }] }
    })
    // a scheduled round (not forced) skips it: it is 49 h old, the maximum is 48 h
    await (r.watcher as unknown as { run(loop: string, manual: boolean): Promise<void> }).run('transfers', false)
    expect(calls).toBe(0)
    await r.watcher.recheck(pending.fromHash)
    expect(calls).toBe(1)
    await (r.watcher as unknown as { run(loop: string, manual: boolean): Promise<void> }).run('transfers', false)
    expect(calls).toBe(1) // watched again from the re-check, polled when due (not yet)
  })

  it('raises "new transfers" for a watched address after the first (baseline) poll', async () => {
    const real = simClient(sim.baseUrl, [sim.rpcUrl])
    const addr = sim.sample().addresses[0]!
    let hideNewest = true
    const client: WatchClient = {
      getVault: (e, o) => real.getVault(e, o),
      queryBridgeInfo: (h, o) => real.queryBridgeInfo(h, o),
      queryHistory: async (q, o) => {
        const page = await real.queryHistory(q, o)
        return hideNewest ? { ...page, list: page.list.slice(1), total: page.total - 1 } : page
      }
    }
    const r = await rig({
      dir: tempDir(),
      client,
      rpcUrls: [],
      targets: { addresses: [{ address: addr.address, chainIds: [addr.chainId], label: '' }] }
    })
    await r.watcher.recheck()
    await r.watcher.recheck()
    expect(r.events).toEqual([])
    hideNewest = false
    await r.watcher.recheck()
    await r.watcher.recheck()
    const newest = (await real.queryHistory({ address: addr.address, chainId: addr.chainId })).list[0]!
    expect(r.events).toHaveLength(1)
    expect(r.events[0]).toMatchObject({ kind: 'new-transfers', chainId: addr.chainId, hashes: [newest.hash.toLowerCase()] })
  })
})
