// The demo network's chains answer a chain check of the demo's transfers: the honest ones confirmed leg by
// leg, and the few it tells differently shown as the service disagreeing with a chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../src/main/client/mcs/client'
import { ButterClient } from '../../../src/main/client/butter/client'
import { MapscanClient } from '../../../src/main/client/mapscan/client'
import { demoDialectUrls } from '../../../src/shared/demo-network'
import { ChainChecker, checkTransfer } from '../../../src/main/chain'
import type { TransferCheck } from '../../../src/shared/chain-check'
import { startSimulator, type Simulator } from '../../support/simulator'
import { post } from './helpers'

let sim: Simulator
let client: BridgeClient
beforeAll(async () => {
  sim = await startSimulator({ seed: 8, transfers: 3000, rotateEveryMs: null })
  client = new BridgeClient({ baseUrl: sim.baseUrl, rpcUrls: [sim.rpcUrl] })
})
afterAll(async () => sim.close())

async function check(hash: string): Promise<TransferCheck> {
  const [detail, tokens, chains] = await Promise.all([client.queryBridgeInfo(hash), client.queryTokenList(), client.queryChainList()])
  return checkTransfer(new ChainChecker(), detail, { tokens, chains }, {}, { hash })
}

describe('the demo chains', () => {
  it('every chain of the chain list has its RPC on the demo network, answering its own chain id', async () => {
    const chains = await client.queryChainList()
    for (const c of chains) {
      expect(c.rpc).toBe(`${sim.baseUrl}/chain/${c.chainId}`)
      const r = await post(c.rpc, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
      expect(JSON.parse(r.text)).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${c.chainId.toString(16)}` })
    }
    // a batch, as the chain check sends, is answered call by call
    const first = chains[0]!
    const batch = await post(first.rpc, [
      { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 8, method: 'eth_sign', params: [] }
    ])
    expect(JSON.parse(batch.text)).toEqual([
      { jsonrpc: '2.0', id: 7, result: `0x${first.chainId.toString(16)}` },
      { jsonrpc: '2.0', id: 8, error: { code: -32601, message: 'the demo chain does not answer eth_sign' } }
    ])
    expect((await post(`${sim.baseUrl}/chain/999999`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).status).toBe(404)
  })

  it('the sample transfers are confirmed on every leg they have (a destination on its way cannot be checked yet)', async () => {
    for (const hash of sim.sample().txHashes) {
      const c = await check(hash)
      for (const leg of c.legs) {
        if (leg.hash === null) expect(leg.outcome).toEqual({ kind: 'cannot-check', reason: 'the service names no transaction for this leg yet' })
        else expect([hash, leg.role, leg.outcome.kind]).toEqual([hash, leg.role, 'confirmed'])
      }
    }
  })

  it('the transfers its chains tell differently disagree, are reverted or not found', async () => {
    const found = new Map(sim.sample().disagreeing.map((d) => [d.lie, d.hash]))
    expect([...found.keys()].sort()).toEqual(['other-block', 'paid-less', 'reverted', 'unknown-receive'])
    const outcome = async (lie: string, role: string): Promise<unknown> => (await check(found.get(lie) as string)).legs.find((l) => l.role === role)?.outcome
    expect(await outcome('paid-less', 'Destination')).toMatchObject({ kind: 'disagrees', differences: [{ field: 'amount' }] })
    expect(await outcome('reverted', 'Source')).toMatchObject({ kind: 'reverted' })
    expect(await outcome('unknown-receive', 'Destination')).toEqual({ kind: 'not-found' })
    expect(await outcome('other-block', 'Source')).toMatchObject({ kind: 'disagrees', differences: [{ field: 'block' }] })
  })
})

describe('the demo chains under every dialect', () => {
  it('Butter (human-unit amounts, RPCs in its chain list’s metamask.rpcUrls): a healthy transfer is verified', async () => {
    const urls = demoDialectUrls(sim.baseUrl, 'butter')
    const butter = new ButterClient({ appUrl: urls.baseUrl, tokensUrl: urls.tokensUrl as string })
    const [tokens, chains] = await Promise.all([butter.queryTokenList(), butter.queryChainList()])
    for (const hash of sim.sample().txHashes.slice(0, 3)) {
      const c = await checkTransfer(new ChainChecker(), await butter.queryBridgeInfo(hash), { tokens, chains }, {}, { hash })
      for (const leg of c.legs.filter((l) => l.hash !== null)) expect([hash, leg.role, leg.outcome.kind, leg.rpcSource]).toEqual([hash, leg.role, 'confirmed', 'service'])
    }
  })

  it('Bridge Scan (no chain list, no amounts): no RPC of its own, so your RPCs; then each transaction is confirmed', async () => {
    const scan = new MapscanClient({ baseUrl: demoDialectUrls(sim.baseUrl, 'mapscan').baseUrl })
    const own = Object.fromEntries((await client.queryChainList()).map((c) => [String(c.chainId), c.rpc]))
    const hash = sim.sample().txHashes[0] as string
    const detail = await scan.queryBridgeInfo(hash)
    const none = await checkTransfer(new ChainChecker(), detail, { tokens: null, chains: null }, {}, { hash })
    expect(none.legs[0]?.outcome).toMatchObject({ kind: 'cannot-check', reason: expect.stringContaining("the service's chain list names none") })
    const mine = await checkTransfer(new ChainChecker(), detail, { tokens: null, chains: null }, own, { hash })
    for (const leg of mine.legs.filter((l) => l.hash !== null)) expect([leg.role, leg.outcome.kind, leg.rpcSource]).toEqual([leg.role, 'confirmed', 'user'])
  })
})
