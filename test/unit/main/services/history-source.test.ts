// "Load all" reaches the service through one source object, the services' ActiveHistories, handed to the
// loaded-history engine as its LoadSource, and enters it once: one call brings the active profile's client,
// every page of one history and the token list (cached first). Run against the demo network with a real cache: what a user would notice is the whole
// history loaded, amounts scaled where the token list is known, and nothing lost when the token list is not.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createQueryClient } from '../../../../src/main/client'
import { LoadedHistories, type LoadSource } from '../../../../src/main/dataset'
import { ActiveHistories, Endpoints, HistoryService, QueryService } from '../../../../src/main/services'
import { DiskCache } from '../../../../src/main/store'
import { profileSchema, type Profile } from '../../../../src/shared/schemas/settings'
import { startSimulator, type Simulator } from '../../../support/simulator'

let sim: Simulator
let profile: Profile

/** The app's wiring of the two histories around one source, in a fresh cache. */
async function wired(): Promise<{ source: ActiveHistories; loaded: LoadedHistories; history: HistoryService }> {
  const cache = await DiskCache.open(mkdtempSync(join(tmpdir(), 'bs-source-')), 64 * 1024 * 1024)
  const endpoints = new Endpoints({
    activeProfile: () => profile,
    startDemo: () => Promise.reject(new Error('no demo here')),
    createClient: (e) => createQueryClient({ dialect: e.dialect, baseUrl: e.baseUrl, tokensUrl: e.tokensUrl, rpcUrls: e.rpcUrls, timeoutMs: e.timeoutMs, maxPageSize: e.maxPageSize })
  })
  const queries = new QueryService({ cache, now: Date.now, endpoint: () => endpoints.active(), canonicalEpoch: (e) => e })
  const source = new ActiveHistories({ endpoints, queries })
  // the engine declares what it needs; the services' object is that, checked here by the compiler
  const asLoadSource: LoadSource = source
  return { source, loaded: new LoadedHistories({ cache, now: Date.now, source: asLoadSource }), history: new HistoryService({ cache, now: Date.now, source }) }
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, transfers: 400, rotateEveryMs: null })
  profile = profileSchema.parse({ id: 'sim', name: 'Sim', baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl], maxPageSize: 50 })
})
afterAll(async () => {
  await sim.close()
})

describe('the loaded histories read through one source', () => {
  it('loads every page of an address through the active profile’s client', async () => {
    const { loaded } = await wired()
    const target = sim.sample().addresses.find((a) => a.count > 50) ?? sim.sample().addresses[0]!
    const progress: number[] = []
    const result = await loaded.loadAll({ jobId: 'j', address: target.address, chainId: target.chainId }, (p) => progress.push(p.loaded))
    expect(result.loaded).toBe(target.count)
    expect(result.total).toBe(target.count)
    expect(progress.at(-1)).toBe(target.count)
    // the history is the active profile's: its id names the profile
    expect(result.datasetId.startsWith('sim|')).toBe(true)
  })

  it('enters the services once per load, online and when it falls back to the offline copy', async () => {
    const { source } = await wired()
    const calls: string[] = []
    // every method of the services' object, counted as the engine calls it
    const counting = new Proxy(source, {
      get: (target, name, receiver) => {
        const value: unknown = Reflect.get(target, name, receiver)
        return typeof value === 'function' ? (...args: unknown[]) => (calls.push(String(name)), Reflect.apply(value, target, args)) : value
      }
    })
    const cache = await DiskCache.open(mkdtempSync(join(tmpdir(), 'bs-source-')), 64 * 1024 * 1024)
    const loaded = new LoadedHistories({ cache, now: Date.now, source: counting })
    const target = sim.sample().addresses.find((a) => a.count > 50) ?? sim.sample().addresses[0]!
    const progress: boolean[] = []
    const online = await loaded.loadAll({ jobId: 'j', address: target.address, chainId: target.chainId }, (p) => progress.push(p.done))
    expect(online.loaded).toBe(target.count)
    expect(progress.at(-1)).toBe(true)
    expect(calls).toEqual(['load'])

    calls.length = 0
    sim.setFaults('queryHistory', { status: 503 })
    try {
      const errors: (string | undefined)[] = []
      const offline = await loaded.loadAll({ jobId: 'j', address: target.address, chainId: target.chainId }, (p) => errors.push(p.error?.kind))
      expect(offline).toMatchObject({ datasetId: online.datasetId, loaded: target.count, completeness: null })
      expect(errors.at(-1)).toBeDefined()
      expect(calls).toEqual(['load'])
    } finally {
      sim.clearFaults()
    }
  })

  it('asks no more than the profile’s page size, whatever the load asks for', async () => {
    const { source } = await wired()
    const target = sim.sample().addresses[0]!
    const got = await source.load({ address: target.address, chainId: target.chainId, pageSize: 1000 }, { signal: new AbortController().signal, onProgress: () => undefined })
    expect(got.query.pageSize).toBe(50)
    expect(got.walk.ok).toBe(true)
    const smaller = await source.load({ address: target.address, chainId: target.chainId, pageSize: 7 }, { signal: new AbortController().signal, onProgress: () => undefined })
    expect(smaller.query.pageSize).toBe(7)
  })

  it('gives received amounts from the cached token list, and keeps it once the service stops answering for it', async () => {
    const { source } = await wired()
    const first = await source.tokens()
    expect(first).not.toBeNull()
    sim.setFaults('queryTokenList', { status: 503 })
    try {
      expect(await source.tokens()).toEqual(first)
    } finally {
      sim.clearFaults()
    }
  })

  it('loads the whole history when no token list can be had at all: amounts stay raw, no row is lost', async () => {
    const { source, loaded } = await wired()
    sim.setFaults('queryTokenList', { status: 503 })
    try {
      expect(await source.tokens()).toBeNull()
      const target = sim.sample().addresses[0]!
      const result = await loaded.loadAll({ jobId: 'j', address: target.address, chainId: target.chainId }, () => undefined)
      expect(result.loaded).toBe(target.count)
      const rows = await loaded.rows({ datasetId: result.datasetId, offset: 0, limit: 1_000 })
      expect(rows.rows).toHaveLength(target.count)
    } finally {
      sim.clearFaults()
    }
  })

  it('serves the single cached page from the same source, the profile’s page size its limit', async () => {
    const { history } = await wired()
    const target = sim.sample().addresses[0]!
    const page = await history.page({ address: target.address, chainId: target.chainId, pageNo: 1, pageSize: 10, prefer: 'network' })
    expect(page.data.list.length).toBe(Math.min(10, target.count))
    await expect(history.page({ address: target.address, chainId: target.chainId, pageNo: 1, pageSize: 51, prefer: 'network' })).rejects.toThrow(/at most 50/)
  })
})
