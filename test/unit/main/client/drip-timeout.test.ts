// 12.2: a reply that has started and then crawls (headers at once, one byte every 200 ms) is a timeout at
// the profile's limit, whatever the garbage collector does meanwhile. Undici stops delivering an abort to a
// body once the AbortController behind it has been collected, so the deadline must not depend on one: the
// test forces collections all through the exchange.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from '../../../../src/main/client/http'
import { getVault } from '../../../../src/main/client/rpc'
import { BridgeClient } from '../../../../src/main/client/mcs/client'
import { fetchAllHistory } from '../../../../src/main/client/history-all'
import type { FaultSpec } from '../../../support/simulator'
import { startSimulator, type Simulator } from '../../../support/simulator'
import { expectAppError } from './helpers'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

let sim: Simulator
let collector: ReturnType<typeof setInterval>
beforeAll(async () => {
  sim = await startSimulator({ seed: 5, transfers: 200, rotateEveryMs: null })
  collector = setInterval(() => gc(), 50)
})
afterAll(async () => {
  clearInterval(collector)
  await sim.close()
})

async function within<T>(limitMs: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${limitMs} ms`)), limitMs)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

describe('timeouts that hold once a reply has started', () => {
  it('a dripping queryChainList is a timeout that names the limit, with GC forced throughout', async () => {
    sim.setFaults('queryChainList', { dripMs: 200 })
    // The backstop is ten times the limit; the drip itself would take minutes to finish.
    const error = await within(10 * 1_500, expectAppError(postJson(`${sim.baseUrl}/api/queryChainList`, 'queryChainList', undefined, { timeoutMs: 1_500, retries: 0 }), 'timeout'))
    expect(error.message).toMatch(/within 1\.5 s/)
    expect(error.operation).toBe('queryChainList')
    sim.clearFaults()
  })

  it('every client operation against a dripping service times out at its limit', async () => {
    sim.setFaults('*', { dripMs: 200 })
    const client = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: 1_000, retries: 0 })
    const { address, chainId } = sim.sample().addresses[0] as { address: string; chainId: number }
    const txHash = sim.sample().txHashes[0] as string
    const runs: [string, () => Promise<unknown>][] = [
      ['queryChainList', () => client.queryChainList()],
      ['queryTokenList', () => client.queryTokenList()],
      ['queryHistory', () => client.queryHistory({ address, chainId, pageNo: 1, pageSize: 10 })],
      ['queryBridgeInfo', () => client.queryBridgeInfo(txHash)],
      ['tss_getVault', () => getVault([sim.rpcUrl], 'latest', { timeoutMs: 1_000, retries: 0 })]
    ]
    for (const [operation, run] of runs) {
      const error = await within(10 * 1_000, expectAppError(run(), 'timeout'))
      expect(error.operation).toBe(operation)
    }
    sim.clearFaults()
  })

  it('"load all" history ends in a timeout naming the operation when its pages drip or hang, some or all of them', async () => {
    const client = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: 1_000, retries: 0 })
    const { address, chainId } = sim.sample().addresses[0] as { address: string; chainId: number }
    // healthy walks wait as long as a busy machine needs; only the faulty ones are held to the 1 s limit
    const patient = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], timeoutMs: 60_000, retries: 0 })
    const healthy = await fetchAllHistory(patient, { address, chainId }, { pageSize: 2 })
    expect(healthy.pagesDone).toBeGreaterThan(3) // enough pages for a partly faulty run to hit a fault
    const specs: FaultSpec[] = [{ dripMs: 200 }, { hang: true }, { dripMs: 200, rate: 0.5 }, { hang: true, rate: 0.5 }]
    for (const spec of specs) {
      sim.setFaults('queryHistory', spec)
      const error = await within(10 * 1_000, expectAppError(fetchAllHistory(client, { address, chainId }, { pageSize: 2 }), 'timeout'))
      expect(error.operation).toBe('queryHistory')
      expect(error.message).toMatch(/within 1 s/)
      sim.clearFaults()
    }
    // healthy again: the same walk gives the same records (nothing left half-read in between)
    const again = await fetchAllHistory(patient, { address, chainId }, { pageSize: 2 })
    expect(again.list.map((r) => r.id)).toEqual(healthy.list.map((r) => r.id))
  })

  it('a user cancel during a dripping body ends the read at once', async () => {
    sim.setFaults('queryChainList', { dripMs: 200 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 300)
    // the limit is two minutes: only the cancel can end the read this soon, and it ends as a cancellation
    await within(60_000, expectAppError(postJson(`${sim.baseUrl}/api/queryChainList`, 'queryChainList', undefined, { timeoutMs: 120_000, retries: 0, signal: controller.signal }), 'cancelled'))
    sim.clearFaults()
  })
})
