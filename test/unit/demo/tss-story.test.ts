// One network, one story: a transfer that arrived while the demo ran is told the same way by the query
// service and by the TSS API — sent at the same second, in flight in both — and a hash traced as a
// cross-chain order is found as a hash, not as an order id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../src/main/client/mcs/client'
import { TssClient } from '../../../src/main/client/tss-api'
import { startSimulator, type Simulator } from '../../support/simulator'
import { wireTime } from '../../../src/shared/transfer-time'
import { tracedLegs } from '../../../src/shared/tss'

let clock = Date.UTC(2026, 10, 27, 2, 0, 0)
let sim: Simulator
let tss: TssClient
let bridge: BridgeClient

beforeAll(async () => {
  sim = await startSimulator({
    seed: 5,
    transfers: 3000,
    rotateEveryMs: null,
    motion: true,
    now: () => clock
  })
  tss = new TssClient({ url: sim.tssUrl, retries: 0 })
  bridge = new BridgeClient({ baseUrl: sim.baseUrl, retries: 0 })
})
afterAll(() => sim.close())

describe('the demo tells one story per hash', () => {
  it('an arrival has the same sent time and the same stage in the query service and the TSS API', async () => {
    const { address, chainId } = sim.sample().addresses[0]!
    clock += 60_000
    // each request for the busiest history brings one arrival to its head, sent now and in flight
    const page = await bridge.queryHistory({ address, chainId, pageNo: 1, pageSize: 5 })
    const arrived = page.list[0]!
    expect(arrived.state).toBe(0)
    const trace = await tss.trace(arrived.hash)
    expect(trace).not.toBeNull()
    const legs = tracedLegs(trace!.order)
    const src = legs.find((l) => l.label === 'Source') ?? legs[0]!
    expect(Number(src.leg.timestamp) * 1000).toBe(wireTime(arrived.timestamp))
    // in flight: nothing delivered yet on either side
    expect(trace!.order.dest).toBeNull()
    expect(trace!.order.map_dest).toBeNull()
  })
  it('a source hash is found as a transaction hash, never as an order id', async () => {
    const { address, chainId } = sim.sample().addresses[0]!
    const page = await bridge.queryHistory({ address, chainId, pageNo: 1, pageSize: 5 })
    const older = page.list[page.list.length - 1]!
    expect((await tss.trace(older.hash))?.via).toBe('tx')
    expect(await tss.order(older.hash)).toBeNull()
    // its order id still finds it as an order id
    expect((await tss.trace(older.orderId))?.via).toBe('order')
  })
})
