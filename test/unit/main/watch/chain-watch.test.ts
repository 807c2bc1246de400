// The watcher checks each watched transfer on its chains: real anvil nodes hold the transactions, a query
// service on 127.0.0.1 serves records that point at them (one honest, one whose amount lies, one whose
// destination the chain does not know). One event per change of what contradicts, kept across a restart,
// and the CLI's gauge counting the transfers the chains contradict, by outcome.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainChecker, checkTransfer } from '../../../../src/main/chain'
import { BridgeClient } from '../../../../src/main/client'
import { ActivityLog, profilePollers, Watcher, WatchState, type WatchChainCheck } from '../../../../src/main/watch'
import { WatchMetrics } from '../../../../src/cli/metrics'
import { defaultSettings } from '../../../../src/shared/schemas/settings'
import type { WatchEvent } from '../../../../src/shared/watch'
import type { TestChain } from '../../../support/anvil'
import { honestTransfer, startTwoChains, type ChainService, type TwoChains, type TransferFacts } from '../../../support/chain-service'
import { tempDir } from './helpers'

// A deadline no local chain answer should meet on a starved machine: these tests are about verdicts, and a
// deadline is proven elsewhere against servers that drip.
const ANVIL_DEADLINE_MS = 60_000

let a: TestChain
let b: TestChain
let service: ChainService

let rig: TwoChains | undefined
beforeAll(async () => {
  rig = await startTwoChains()
  ;({ a, b, service } = rig)
})
afterAll(async () => {
  await rig?.close()
})

const honest = (): Promise<TransferFacts> => honestTransfer(a, b)

const ROUTE_MINUTES = 30

/** A watcher over `hashes` in `dir`, checking on chain with its own checker; `checked` counts the checks. */
async function watchOf(dir: string, hashes: string[], now: () => number, counter: { checks: number }) {
  const client = new BridgeClient({ baseUrl: service.baseUrl, rpcUrls: [], retries: 0, timeoutMs: ANVIL_DEADLINE_MS })
  const checker = new ChainChecker({ timeoutMs: ANVIL_DEADLINE_MS })
  const chainCheck: WatchChainCheck = {
    checkDetail: async (detail) => {
      counter.checks++
      const [tokens, chains] = await Promise.all([client.queryTokenList(), client.queryChainList()])
      return checkTransfer(checker, detail, { tokens, chains }, {})
    }
  }
  const settings = { ...defaultSettings(), stuckThresholds: { defaultMinutes: 600, routes: { '31337-31338': ROUTE_MINUTES } } }
  const targets = { addresses: [], transfers: hashes.map((txHash) => ({ txHash, label: '', addedAt: now() })) }
  const state = await WatchState.open(join(dir, 'watch'))
  const events: WatchEvent[] = []
  const pollers = profilePollers({ profileId: 'p1', client, rpcUrls: [], settings: () => settings, targets: () => targets, state, vault: false, chainCheck })
  // wired as the CLI wires them (watch.ts, watch-sinks.ts): every poll's end and every event reach the metrics
  const metrics = new WatchMetrics({
    transfers: { stuckTransfers: () => [], pendingTransfers: () => [], chainContradictions: () => pollers.transfers!.chainContradictions() }
  })
  const watcher = new Watcher({
    profileId: 'p1',
    pollers: pollers.all,
    state,
    log: await ActivityLog.open(join(dir, 'watch')),
    emit: (e) => {
      events.push(e)
      metrics.event(e)
    },
    onPolled: (_poller, report) => metrics.polled(report),
    timers: { setTimeout: () => 0, clearTimeout: () => undefined, now }
  })
  const gauge = async (outcome: string): Promise<number> => {
    const line = (await metrics.metrics()).split('\n').find((l) => l.startsWith(`bridgescope_transfer_chain_disagreements{outcome="${outcome}"}`))
    return Number(line?.split(' ').at(-1))
  }
  return { watcher, events, gauge }
}

describe('the watcher checks watched transfers on their chains', () => {
  it('a record whose amount lies: one event, the gauge set, nothing again on later polls or after a restart', async () => {
    const ok = service.put(await honest())
    const bent = await honest()
    bent.receiving += 1n
    const lying = service.put(bent)
    const dir = tempDir()
    let now = Date.UTC(2026, 0, 1)
    const counter = { checks: 0 }
    const w = await watchOf(dir, [ok, lying], () => now, counter)
    await w.watcher.recheck()
    expect(counter.checks).toBe(2)
    expect(w.events.map((e) => e.kind)).toEqual(['chain-disagrees'])
    const e = w.events[0]!
    expect(e).toMatchObject({ txHash: lying.toLowerCase(), route: '31337-31338', legs: [{ role: 'Destination', outcome: 'disagrees' }] })
    expect(e.body).toContain('amount — service 0.990000000000000001 TUSD, chain 0.99 TUSD')
    expect(await w.gauge('disagrees')).toBe(1)
    expect(await w.gauge('not-found')).toBe(0)
    expect(await w.gauge('reverted')).toBe(0)

    // the chains keep saying the same: polled again, not announced again
    now += 10 * 60_000
    await w.watcher.recheck()
    expect(counter.checks).toBeGreaterThan(2)
    expect(w.events).toHaveLength(1)
    await w.watcher.stop()

    // a restart reads what was announced and what contradicts from the state file
    const again = await watchOf(dir, [ok, lying], () => now, { checks: 0 })
    expect(await again.gauge('disagrees')).toBe(1)
    now += 10 * 60_000
    await again.watcher.recheck()
    expect(again.events).toEqual([])
    expect(await again.gauge('disagrees')).toBe(1)
    await again.watcher.stop()
  })

  it('a delivered transfer whose destination the chain does not know: announced only past its route’s threshold', async () => {
    const facts = await honest()
    ;(facts.destination as { hash: string }).hash = `0x${'51'.repeat(32)}`
    const hash = service.put(facts)
    let now = Date.UTC(2026, 0, 1)
    const w = await watchOf(tempDir(), [hash], () => now, { checks: 0 })
    await w.watcher.recheck()
    expect(w.events).toEqual([])
    expect(await w.gauge('not-found')).toBe(0)
    now += (ROUTE_MINUTES - 1) * 60_000
    await w.watcher.recheck()
    expect(w.events).toEqual([])
    now += 2 * 60_000
    await w.watcher.recheck()
    expect(w.events.map((e) => e.kind)).toEqual(['chain-disagrees'])
    expect(w.events[0]).toMatchObject({ legs: [{ role: 'Destination', outcome: 'not-found' }] })
    expect(await w.gauge('not-found')).toBe(1)
    now += 10 * 60_000
    await w.watcher.recheck()
    expect(w.events).toHaveLength(1)
    await w.watcher.stop()
  })
})
