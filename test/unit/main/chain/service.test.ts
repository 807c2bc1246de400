// The table's rows in view checked in main: each row's word on real chains (anvil), a row the
// service does not know costing only its own cell, and nothing asked at all when the profile has checks off.
// When each leg happened, as its own chain tells it: the block at the height the service names, read on the
// chain check's RPC, its time the block's own; an RPC of another chain gives no time; checks off ask nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainCheckService, CHECKS_OFF_MESSAGE } from '../../../../src/main/chain'
import { BridgeClient } from '../../../../src/main/client'
import { profileSchema, type Profile } from '../../../../src/shared/schemas/settings'
import type { TestChain } from '../../../support/anvil'
import { honestTransfer, startTwoChains, type ChainService, type TwoChains } from '../../../support/chain-service'

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

/** The service on the rig's chains: the hashes whose detail it read, and every URL it fetched (the RPCs). */
function checks(chainCheck: { enabled: boolean; rpc: Record<string, string> }, fetched: string[] = []): { svc: ChainCheckService; client: BridgeClient; asked: string[] } {
  const client = new BridgeClient({ baseUrl: service.baseUrl, rpcUrls: [], retries: 0, timeoutMs: ANVIL_DEADLINE_MS })
  const profile: Profile = profileSchema.parse({ id: 'p', name: 'Test chains', baseUrl: service.baseUrl, rpcUrls: [], chainCheck })
  const asked: string[] = []
  const svc = new ChainCheckService({
    activeProfile: () => profile,
    transfer: (h) => (asked.push(h), client.queryBridgeInfo(h)),
    tokens: () => client.queryTokenList(),
    chains: () => client.queryChainList(),
    timeoutMs: ANVIL_DEADLINE_MS,
    fetch: (input, init) => (fetched.push(String(input instanceof Request ? input.url : input)), fetch(input, init))
  })
  return { svc, client, asked }
}

function rows(enabled: boolean): { checks: ChainCheckService; asked: string[] } {
  const { svc, asked } = checks({ enabled, rpc: {} })
  return { checks: svc, asked }
}

describe('ChainCheckService.checkRows', () => {
  it('answers each row in the order asked: its word and the deciding leg’s evidence, or why it was not checked', async () => {
    const ok = service.put(await honestTransfer(a, b))
    const facts = await honestTransfer(a, b)
    const lying = service.put({ ...facts, receiving: facts.receiving + 1n })
    const unknown = `0x${'77'.repeat(32)}`
    const { checks, asked } = rows(true)
    const out = await checks.checkRows([lying, unknown, ok, lying])
    expect(out.map((r) => [r.txHash, r.word?.kind ?? null])).toEqual([[lying, 'disagrees'], [unknown, null], [ok, 'confirmed'], [lying, 'disagrees']])
    expect(out[0]!.text).toMatch(/^Destination: Disagrees: amount — service 0\.990000000000000001 TUSD, chain 0\.99 TUSD/)
    expect(out[1]!.text).toMatch(/^Not checked: .*no such transfer/)
    expect(out[2]!.text).toMatch(/^Source: Confirmed: block \d+/)
    // a hash named twice is checked once
    expect(asked.sort()).toEqual([lying, ok, unknown].sort())
  })

  it('is refused with checks off, before anything is asked', async () => {
    const { checks, asked } = rows(false)
    await expect(checks.checkRows([`0x${'78'.repeat(32)}`])).rejects.toMatchObject({ kind: 'input', message: CHECKS_OFF_MESSAGE })
    expect(asked).toEqual([])
  })
})

// (the RPC as shown is the URL as parsed: its path '/' written out)
const blockTime = async (chain: TestChain, height: number): Promise<number> =>
  Number((await chain.rpc<{ timestamp: string }>('eth_getBlockByNumber', [`0x${height.toString(16)}`, false])).timestamp)

describe('ChainCheckService.blockTimes', () => {
  it('gives each leg its block’s own time at the height the service names, and the RPC it asked', async () => {
    const facts = await honestTransfer(a, b)
    const hash = service.put(facts)
    const { svc, client } = checks({ enabled: true, rpc: {} })
    const out = await svc.blockTimes(await client.queryBridgeInfo(hash))
    expect(out).toEqual([
      { role: 'Source', chainId: a.chainId, chainName: expect.any(String), block: facts.source.height, time: await blockTime(a, facts.source.height), rpc: `${a.url}/`, rpcSource: 'service' },
      { role: 'Destination', chainId: b.chainId, chainName: expect.any(String), block: facts.destination!.height, time: await blockTime(b, facts.destination!.height), rpc: `${b.url}/`, rpcSource: 'service' }
    ])
  })

  it('an RPC of your own that answers another chain gives that leg no time, and says which chain answered', async () => {
    const hash = service.put(await honestTransfer(a, b))
    const { svc, client } = checks({ enabled: true, rpc: { [String(a.chainId)]: b.url } })
    const [source, destination] = (await svc.blockTimes(await client.queryBridgeInfo(hash)))!
    expect(source).toEqual({ role: 'Source', reason: `the RPC ${b.url}/ answers chain ${b.chainId}, the leg is on chain ${a.chainId}` })
    // what must not change: the other leg, on its own RPC, still has its time
    expect(destination).toMatchObject({ role: 'Destination', chainId: b.chainId })
  })

  it('with chain checks off answers null, and asks no RPC', async () => {
    const hash = service.put(await honestTransfer(a, b))
    const fetched: string[] = []
    const { svc, client } = checks({ enabled: false, rpc: {} }, fetched)
    expect(await svc.blockTimes(await client.queryBridgeInfo(hash))).toBeNull()
    expect(fetched).toEqual([])
    // and with checks on, the same rig does ask its chains (so the count above could have seen them)
    const on = checks({ enabled: true, rpc: {} }, fetched)
    await on.svc.blockTimes(await on.client.queryBridgeInfo(hash))
    expect(fetched.length).toBeGreaterThan(0)
  })
})
