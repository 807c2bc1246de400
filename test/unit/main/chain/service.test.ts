// The table's rows in view checked in main: each row's worst outcome on real chains (anvil), a row the
// service does not know costing only its own cell, and nothing asked at all when the profile has checks off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainCheckService, CHECKS_OFF_MESSAGE } from '../../../../src/main/chain'
import { BridgeClient } from '../../../../src/main/client'
import { profileSchema, type Profile } from '../../../../src/shared/schemas/settings'
import type { TestChain } from '../../../support/anvil'
import { honestTransfer, startTwoChains, type ChainService, type TwoChains } from '../../../support/chain-service'

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

function rows(enabled: boolean): { checks: ChainCheckService; asked: string[] } {
  const client = new BridgeClient({ baseUrl: service.baseUrl, rpcUrls: [], retries: 0, timeoutMs: 5000 })
  const profile: Profile = profileSchema.parse({ id: 'p', name: 'Test chains', baseUrl: service.baseUrl, rpcUrls: [], chainCheck: { enabled, rpc: {} } })
  const asked: string[] = []
  const checks = new ChainCheckService({
    activeProfile: () => profile,
    transfer: (h) => (asked.push(h), client.queryBridgeInfo(h)),
    tokens: () => client.queryTokenList(),
    chains: () => client.queryChainList(),
    timeoutMs: 5000
  })
  return { checks, asked }
}

describe('ChainCheckService.checkRows', () => {
  it('answers each row in the order asked: its worst outcome and that leg’s evidence, or why it was not checked', async () => {
    const ok = service.put(await honestTransfer(a, b))
    const facts = await honestTransfer(a, b)
    const lying = service.put({ ...facts, receiving: facts.receiving + 1n })
    const unknown = `0x${'77'.repeat(32)}`
    const { checks, asked } = rows(true)
    const out = await checks.checkRows([lying, unknown, ok, lying])
    expect(out.map((r) => [r.txHash, r.worst])).toEqual([[lying, 'disagrees'], [unknown, null], [ok, 'confirmed'], [lying, 'disagrees']])
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
