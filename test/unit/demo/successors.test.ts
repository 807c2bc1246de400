// The demo network speaks all three dialects from the same transfers: the same page of an address's history,
// one transfer by hash (and by order id, by record id), the chains and the tokens read through each dialect's
// own client come out the same — the same amounts exactly, the same states, the same legs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../support/simulator'
import { createQueryClient } from '../../../src/main/client/create-client'
import { demoDialectUrls } from '../../../src/shared/demo-network'
import { exactAmount, detailReceivedAmount, detailSentAmount, receivedAmount, sentAmount, withReceivedTokens } from '../../../src/shared/amounts'
import type { Dialect } from '../../../src/shared/schemas/origin'
import type { TransferRecord } from '../../../src/shared/schemas/wire'
import type { ButterClient, MapscanClient } from '../../../src/main/client/successor-clients'

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0)
let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, now: () => NOW, rotateEveryMs: null })
})
afterAll(async () => {
  await sim.close()
})

const client = (dialect: Dialect) => createQueryClient({ dialect, ...demoDialectUrls(sim.baseUrl, dialect), retries: 0 })

/** what every dialect says of a history record */
const legs = (r: TransferRecord) => [r.hash, r.fromChainid, r.toChainid, r.height, r.transferinHash, r.transferinHeight, r.state, r.timestamp, r.from]

describe('the demo network in three dialects', () => {
  it('the same page of history: legs and states in every dialect, the same exact amounts in ours and Butter\'s', async () => {
    const { address, chainId } = sim.sample().addresses[0]!
    const [mcs, butter, scan] = await Promise.all((['mcs', 'butter', 'mapscan'] as const).map((d) => client(d).queryHistory({ address, chainId, pageSize: 50 })))
    expect(mcs!.list.length).toBe(50)
    expect(butter!.list.map(legs)).toEqual(mcs!.list.map(legs))
    expect(scan!.list.map((r) => legs(r).slice(0, 6))).toEqual(mcs!.list.map((r) => legs(r).slice(0, 6)))
    const tokens = await client('mcs').queryTokenList()
    withReceivedTokens(mcs!.list, tokens)
    withReceivedTokens(butter!.list, await client('butter').queryTokenList())
    expect(butter!.list.map((r) => [exactAmount(sentAmount(r)), exactAmount(receivedAmount(r))])).toEqual(
      mcs!.list.map((r) => [exactAmount(sentAmount(r)), r.state === 0 ? null : exactAmount(receivedAmount(r))])
    )
    expect(scan!.list.every((r) => exactAmount(sentAmount(r)) === null)).toBe(true)
  })

  it("Butter's history without a chain gives the address's transfers on every chain, newest first", async () => {
    const { address } = sim.sample().addresses[0]!
    const all = await (client('butter') as ButterClient).queryHistory({ address, pageSize: 100 })
    const chains = new Set(all.list.map((r) => r.fromChainid))
    expect(all.total).toBeGreaterThanOrEqual(all.list.length)
    expect(chains.size).toBeGreaterThan(1)
    const times = all.list.map((r) => r.timestamp)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('one transfer by hash, order id and record id: the same amounts, state and legs as ours', async () => {
    const hash = sim.sample().txHashes[1]!
    const mcs = await client('mcs').queryBridgeInfo(hash)
    const butter = await client('butter').queryBridgeInfo(hash)
    const page = await client('butter').queryHistory({ address: mcs.from, chainId: mcs.fromChainId, pageSize: 100 })
    const record = page.list.find((r) => r.hash === hash)
    const byOrder = await (client('butter') as ButterClient).queryByOrderId(record!.orderId)
    const scan = await client('mapscan').queryBridgeInfo(hash)
    const byId = await (client('mapscan') as MapscanClient).queryByRecordId(record!.id)
    for (const d of [butter, byOrder]) {
      expect(exactAmount(detailSentAmount(d))).toBe(exactAmount(detailSentAmount(mcs)))
      expect([d.fromHash, d.transferInHash, d.state, d.fromChainId, d.toChainId]).toEqual([mcs.fromHash, mcs.transferInHash, mcs.state, mcs.fromChainId, mcs.toChainId])
    }
    if (mcs.state !== 0) expect(exactAmount(detailReceivedAmount(butter))).toBe(exactAmount(detailReceivedAmount(mcs)))
    expect(scan).toEqual(byId)
    expect([scan.fromHash, scan.fromHeight, scan.state, scan.transferInHeight]).toEqual([mcs.fromHash, mcs.fromHeight, mcs.state, mcs.transferInHeight])
  })

  it("the same chains and tokens from Butter's tokens API as from ours", async () => {
    const ours = await client('mcs').queryChainList()
    const theirs = await client('butter').queryChainList()
    expect(theirs.map((c) => [c.chainId, c.chainName, c.scanUrl])).toEqual(ours.map((c) => [c.chainId, c.chainName, c.scanUrl]))
    const t1 = await client('mcs').queryTokenList()
    const t2 = await client('butter').queryTokenList()
    const view = (l: typeof t1) => Object.fromEntries(Object.entries(l).map(([k, v]) => [k, v.map((t) => [t.address, t.symbol, t.decimal])]))
    expect(view(t2)).toEqual(view(t1))
  })
})
