// Load through the handler table: 1,000 mixed IPC calls at once, and 20 history pages at once from a slow
// service. Nothing rejects unhandled, every call gets a Result, and memory settles back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Simulator } from '../../../support/simulator'
import { openRig, startSim, type Rig } from './rig'

let sim: Simulator
let rig: Rig
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason)
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  sim = await startSim()
  rig = await openRig(sim, { timeoutMs: 5000 })
})
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await rig.close()
  await sim.close()
})

async function settle(): Promise<number> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 20))
  ;(globalThis as { gc?: () => void }).gc?.()
  return process.memoryUsage().heapUsed
}

describe('load', () => {
  it('1,000 mixed IPC calls in parallel all come back as Results', async () => {
    const sample = sim.sample()
    const who = sample.addresses[0]
    if (!who) throw new Error('no sample')
    const calls: [string, unknown][] = [
      ['settings:get', undefined],
      ['cache:stats', undefined],
      ['app:info', undefined],
      ['chains:list', { prefer: 'cache' }],
      ['tokens:list', { prefer: 'cache' }],
      ['chains:list', { prefer: 'network' }],
      ['history:page', { address: who.address, chainId: who.chainId, pageNo: 1, pageSize: 5, prefer: 'cache' }],
      ['vault:get', { epoch: 'latest', prefer: 'cache' }],
      ['history:rows', { datasetId: 'missing', offset: 0, limit: 10 }],
      ['history:page', { address: '0xnot-an-address', chainId: 1 }],
      ['no:such', {}],
      ['watchlists:get', undefined],
      ['app:openExternal', { url: 'javascript:alert(1)' }]
    ]
    // Warm the cache so that 'prefer cache' answers from disk; chains:list still goes to the network each time.
    for (const [channel, input] of calls.slice(3, 7)) expect((await rig.call(channel, input)).ok).toBe(true)
    const baseline = await settle()
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => {
      const [channel, input] = calls[i % calls.length] as [string, unknown]
      return rig.call(channel, input)
    }))
    expect(results).toHaveLength(1000)
    for (const r of results) expect(typeof r.ok).toBe('boolean')
    const ok = results.filter((r) => r.ok).length
    const refused = results.filter((r) => !r.ok && r.error.kind === 'input').length
    // 4 of the 13 kinds of call are invalid (unknown dataset, bad address, unknown channel, javascript: URL)
    const invalid = new Set(['history:rows', 'no:such', 'app:openExternal'])
    const expectedRefused = Array.from({ length: 1000 }, (_, i) => calls[i % calls.length]).filter(
      (c) => c && (invalid.has(c[0]) || (c[0] === 'history:page' && (c[1] as { address: string }).address.startsWith('0xnot')))
    ).length
    expect(refused).toBe(expectedRefused)
    expect(ok).toBe(1000 - expectedRefused)
    results.length = 0
    expect(unhandled).toEqual([])
    // Loose: nothing of the burst is retained (no --expose-gc in vitest workers, so no tight bound).
    expect((await settle()) - baseline).toBeLessThan(64 * 1024 * 1024)
  })

  it('20 history pages asked at once are all at the service together, and all arrive', async () => {
    const who = sim.sample().addresses[0]
    if (!who) throw new Error('no sample')
    // The service holds every page until all 20 are there: only requests sent side by side can get that
    // far (one at a time, the first would wait for ever). The profile waits two minutes, so the hold lasts
    // as long as the machine needs, never a clock's guess.
    const patient = await openRig(sim, { timeoutMs: 120_000 })
    sim.setFaults('queryHistory', { hang: true })
    try {
      const pages = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          patient.call('history:page', { address: who.address, chainId: who.chainId, pageNo: i + 1, pageSize: 5, prefer: 'network' })
        )
      )
      await vi.waitFor(() => expect(sim.stats().held).toBe(20), { timeout: 120_000, interval: 20 })
      sim.clearFaults()
      expect(sim.releaseHeld()).toBe(20)
      for (const p of await pages) expect(p).toMatchObject({ ok: true, value: { source: 'network' } })
      expect(unhandled).toEqual([])
    } finally {
      sim.clearFaults()
      sim.releaseHeld()
      await patient.close()
    }
  })
})
