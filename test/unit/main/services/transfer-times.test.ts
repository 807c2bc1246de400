// A transfer found by its hash gets its times wherever the service allows, each with its source: the sender's
// history page by page past the first (on the demo network's real query service), the legs' blocks on their
// chains (the demo network's chain RPCs, through the chain check), and says what gave nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ChainCheckService } from '../../../../src/main/chain'
import { BridgeClient } from '../../../../src/main/client'
import { MAX_PAGES, TransferTimesService, type TransferTimesDeps } from '../../../../src/main/services/transfer-times'
import { profileSchema } from '../../../../src/shared/schemas/settings'
import type { HistoryPage, TransferRecord } from '../../../../src/shared/schemas/wire'
import { isoTime } from '../../../../src/shared/transfer'
import { startSimulator, type Simulator } from '../../../support/simulator'

let sim: Simulator
let client: BridgeClient
let address: string
let chainId: number
let history: TransferRecord[]

beforeAll(async () => {
  sim = await startSimulator({ seed: 11, transfers: 2000, rotateEveryMs: null })
  client = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [], retries: 0, timeoutMs: 10_000 })
  // the busiest address's whole history, newest first, as the service pages it
  ;({ address, chainId } = sim.sample().addresses[0]!)
  history = []
  for (let pageNo = 1; ; pageNo++) {
    const page = await client.queryHistory({ address, chainId, pageNo, pageSize: 100 })
    history.push(...page.list)
    if (page.list.length < 100) break
  }
})
afterAll(async () => {
  await sim?.close()
})

function deps(opts: { pageSize: number; pages?: number[]; hide?: string; historyDown?: boolean; checks?: boolean }): TransferTimesDeps {
  const profile = profileSchema.parse({ id: 'p', name: 'Demo', baseUrl: sim.baseUrl, rpcUrls: [], chainCheck: { enabled: opts.checks ?? true, rpc: {} } })
  const checks = new ChainCheckService({
    activeProfile: () => profile,
    transfer: (h) => client.queryBridgeInfo(h),
    tokens: () => client.queryTokenList(),
    chains: () => client.queryChainList(),
    timeoutMs: 10_000
  })
  return {
    transfer: (h) => client.queryBridgeInfo(h),
    page: async (input) => {
      opts.pages?.push(input.pageNo)
      if (opts.historyDown) throw new Error('HTTP 503 Service Unavailable')
      const page: HistoryPage = await client.queryHistory(input)
      const list = page.list.filter((r) => r.hash !== opts.hide)
      return { data: { ...page, list }, source: 'network', fetchedAt: 0, stale: false }
    },
    pageSize: () => Promise.resolve(opts.pageSize),
    blockTimes: (d) => checks.blockTimes(d)
  }
}

const inFlight = (r: TransferRecord): boolean => r.state !== 1 && !r.transferinHash

describe('TransferTimesService', () => {
  it('finds a transfer on whichever page of the sender’s history it is, reads only up to that page, and names the page', async () => {
    const positions = history.map((r, i) => [r, i] as const).filter(([r]) => inFlight(r))
    expect(positions.length).toBeGreaterThan(0)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...positions), fc.integer({ min: 7, max: 100 }), async ([record, position], pageSize) => {
        const pages: number[] = []
        const found = await new TransferTimesService(deps({ pageSize, pages })).times(record.hash)
        const pageNo = Math.floor(position / pageSize) + 1
        expect(found.sent).toEqual({ at: isoTime(record.timestamp), source: { kind: 'history', pageNo, pageSize } })
        expect(found.updated?.source).toEqual({ kind: 'history', pageNo, pageSize })
        expect(pages).toEqual(Array.from({ length: pageNo }, (_, i) => i + 1))
      }),
      { numRuns: 12 }
    )
  })

  it('where the history does not hold it, the source leg’s block on its chain gives the sent time, and the history says how far it was read', async () => {
    const record = history.findLast(inFlight)!
    const found = await new TransferTimesService(deps({ pageSize: 100, hide: record.hash })).times(record.hash)
    expect(found.sent?.source).toMatchObject({ kind: 'chain', role: 'Source', chainId: record.fromChainid, block: record.height, rpcSource: 'service' })
    // a block holds the moments up to its own time: within one of the demo's slowest blocks (12 s)
    expect(Math.abs(Date.parse(found.sent!.at) - Date.parse(isoTime(record.timestamp)!))).toBeLessThanOrEqual(12_000)
    // still on its way: the chain knows no last update of the service's
    expect(found.updated).toBeNull()
    expect(found.notes).toContain(`the sender's history: not among its ${history.length - 1} transfers on chain ${chainId}`)
  })

  it('the service’s own word wins over the chain’s where both answer; a delivered transfer the history lacks gets its arrival from the destination block', async () => {
    const done = history.find((r) => r.state === 1 && r.transferinHash && r.transferinHeight > 0)!
    const service = await new TransferTimesService(deps({ pageSize: 100 })).times(done.hash)
    expect(service.sent?.source.kind).toBe('history')
    expect(service.updated?.at).toBe(isoTime(done.updatedAt))
    const chains = await new TransferTimesService(deps({ pageSize: 100, hide: done.hash })).times(done.hash)
    expect(chains.sent?.source).toMatchObject({ kind: 'chain', role: 'Source' })
    expect(chains.updated?.source).toMatchObject({ kind: 'chain', role: 'Destination', chainId: done.toChainid, block: done.transferinHeight })
  })

  it('with the history down and chain checks off it finds nothing, asks no chain, and says why for each place', async () => {
    const record = history.find(inFlight)!
    const found = await new TransferTimesService(deps({ pageSize: 100, historyDown: true, checks: false })).times(record.hash)
    expect(found.sent).toBeNull()
    expect(found.updated).toBeNull()
    expect(found.notes).toEqual([
      "the sender's history could not be read (page 1): HTTP 503 Service Unavailable",
      'the chains: chain checks are off for this profile, so their RPCs were not asked'
    ])
  })

  it('reads at most MAX_PAGES pages of a history that never ends', async () => {
    const record = history[0]!
    const pages: number[] = []
    const endless: TransferTimesDeps = {
      ...deps({ pageSize: 100, checks: false }),
      page: async (input) => (pages.push(input.pageNo), { data: { list: history.slice(1, 101), total: 1_000_000 }, source: 'network', fetchedAt: 0, stale: false })
    }
    const found = await new TransferTimesService(endless).times(record.hash)
    expect(pages).toHaveLength(MAX_PAGES)
    expect(found.notes[0]).toBe(`the sender's history: not among its latest ${MAX_PAGES * 100} transfers (${MAX_PAGES} pages were read)`)
  })
})
