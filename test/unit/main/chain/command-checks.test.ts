// A command's chain checks (`transfer --verify`, `watch … --verify`) as src/main/chain wires them, on real chains
// (anvil): the watcher's check of a watched transfer reads the service's lists once and keeps them, reads them
// again while they could not be read, and the verdicts are the chain's whichever way the lists came.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommandChecks } from '../../../../src/main/chain'
import { BridgeClient } from '../../../../src/main/client'
import type { WatchChainCheck } from '../../../../src/main/watch'
import { honestTransfer, startTwoChains, type TwoChains } from '../../../support/chain-service'

// A deadline no local chain answer should meet on a starved machine: these tests are about verdicts, and a
// deadline is proven elsewhere against servers that drip.
const ANVIL_DEADLINE_MS = 60_000

let rig: TwoChains | undefined
beforeAll(async () => void (rig = await startTwoChains()))
afterAll(() => rig?.close())
/** the two chains and the service over them */
const on = (): TwoChains => rig as TwoChains

/** The service's lists as a command's client offers them, counting each read; the chain list fails `failFirst` times. */
function countedService(failFirst = 0): { client: BridgeClient; reads: { tokens: number; chains: number }; lists: { queryTokenList: () => ReturnType<BridgeClient['queryTokenList']>; queryChainList: () => ReturnType<BridgeClient['queryChainList']> } } {
  const client = new BridgeClient({ baseUrl: on().service.baseUrl, rpcUrls: [], retries: 0, timeoutMs: ANVIL_DEADLINE_MS })
  const reads = { tokens: 0, chains: 0 }
  let failures = failFirst
  return {
    client,
    reads,
    lists: {
      queryTokenList: () => (reads.tokens++, client.queryTokenList()),
      queryChainList: () => (reads.chains++, failures-- > 0 ? Promise.reject(new Error('chain list down')) : client.queryChainList())
    }
  }
}

describe('CommandChecks', () => {
  it('is the watcher’s chain check as it is: the lists read once for every transfer the watch checks', async () => {
    const { client, reads, lists } = countedService()
    const checks: WatchChainCheck = new CommandChecks({ rpc: {}, serviceUrls: [on().service.baseUrl], service: lists, timeoutMs: ANVIL_DEADLINE_MS })
    for (let i = 0; i < 3; i++) {
      const detail = await client.queryBridgeInfo(on().service.put(await honestTransfer(on().a, on().b)))
      expect((await checks.checkDetail(detail))?.worst).toBe('confirmed')
    }
    expect(reads).toEqual({ tokens: 1, chains: 1 })
  })

  it('reads a list again while it could not be read, and checks as soon as it can', async () => {
    const { client, reads, lists } = countedService(2)
    const checks = new CommandChecks({ rpc: {}, serviceUrls: [on().service.baseUrl], service: lists, timeoutMs: ANVIL_DEADLINE_MS })
    const detail = await client.queryBridgeInfo(on().service.put(await honestTransfer(on().a, on().b)))
    // without the chain list no leg has an RPC to ask: nothing is confirmed, nothing is called a lie
    for (let i = 0; i < 2; i++) expect((await checks.checkDetail(detail)).worst).toBe('cannot-check')
    expect((await checks.checkDetail(detail)).worst).toBe('confirmed')
    expect((await checks.checkDetail(detail)).worst).toBe('confirmed')
    expect(reads.chains).toBe(3)
  })

  it('checks with the lists a command read itself, the record first matched to what was asked', async () => {
    const { client, reads } = countedService()
    const checks = new CommandChecks({ rpc: {}, serviceUrls: [on().service.baseUrl], timeoutMs: ANVIL_DEADLINE_MS })
    const hash = on().service.put(await honestTransfer(on().a, on().b))
    const detail = await client.queryBridgeInfo(hash)
    const lists = { tokens: await client.queryTokenList(), chains: await client.queryChainList() }
    expect((await checks.checkWith(detail, lists, { hash })).worst).toBe('confirmed')
    const other = await checks.checkWith(detail, lists, { hash: `0x${'12'.repeat(32)}` })
    expect(other.worst).toBe('disagrees')
    expect(other.legs).toEqual([])
    // given lists are not read again from the service
    expect(reads).toEqual({ tokens: 0, chains: 0 })
  })
})
