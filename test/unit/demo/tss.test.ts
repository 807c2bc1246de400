// The demo network's TSS cross-chain API, read through the app's own clients: orders are its transfers,
// pending orders are its in-flight transfers, heights follow the (injected) clock and one scanner stalls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../src/main/client/mcs/client'
import { TssClient } from '../../../src/main/client/tss-api'
import { startSimulator, type Simulator } from '../../support/simulator'
import { tracedLegs, tssRoute, tssStatusLabel } from '../../../src/shared/tss'

let clock = Date.UTC(2026, 0, 20, 12, 0, 0)
let sim: Simulator
let tss: TssClient
let bridge: BridgeClient

beforeAll(async () => {
  sim = await startSimulator({
    seed: 3,
    transfers: 3000,
    rotateEveryMs: null,
    now: () => clock,
    tss: { stallChainId: 56, stallOffsetMs: 60_000, stallEveryMs: 600_000, stallForMs: 180_000 }
  })
  tss = new TssClient({ url: sim.tssUrl, retries: 0 })
  bridge = new BridgeClient({ baseUrl: sim.baseUrl, retries: 0 })
})
afterAll(() => sim.close())

describe('heights', () => {
  it('advance with the clock by each chain\'s block time', async () => {
    const start = Number(await tss.chainHeight(1))
    clock += 120_000
    expect(Number(await tss.chainHeight(1))).toBe(start + 10) // Ethereum: 12 s blocks
    clock -= 120_000
  })

  it('the stalling chain freezes during a stall and catches up after it', async () => {
    const t0 = clock
    clock = t0 + 70_000 // inside the first stall (60 s … 240 s after start)
    const frozen = await tss.chainHeight(56)
    expect(sim.tss.stalled()).toBe(true)
    clock = t0 + 200_000
    expect(await tss.chainHeight(56)).toBe(frozen)
    clock = t0 + 250_000
    expect(sim.tss.stalled()).toBe(false)
    expect(Number(await tss.chainHeight(56))).toBeGreaterThan(Number(frozen) + 50)
    clock = t0
  })

  it('an unknown chain has no height', async () => {
    expect(await tss.chainHeight(999_999)).toBeNull()
  })
})

describe('orders are the transfers', () => {
  it('an in-flight transfer is a pending order of its source chain, traced from its hash', async () => {
    const hashes = sim.sample().txHashes
    let found = false
    for (const hash of hashes) {
      const detail = await bridge.queryBridgeInfo(hash)
      if (detail.state !== 0) continue
      const pending = await tss.pendingTxs(detail.fromChainId)
      if (!pending.includes(hash)) continue
      const trace = await tss.trace(hash)
      expect(trace).not.toBeNull()
      const order = trace!.order
      expect(tssStatusLabel(order.status)).toMatch(/Pending|Init/)
      expect(order.src?.tx_hash).toBe(hash)
      expect(order.src?.height).toBe(String(detail.fromHeight))
      expect(order.dest).toBeNull()
      expect(tssRoute(order)).toEqual({ from: String(detail.fromChainId), to: String(detail.toChainId) })
      found = true
      break
    }
    expect(found).toBe(true)
  })

  it('a delivered transfer is a Completed order whose destination leg is the received hash, found by it too', async () => {
    const hashes = sim.sample().txHashes
    for (const hash of hashes.slice().reverse()) {
      const detail = await bridge.queryBridgeInfo(hash)
      if (detail.state !== 1) continue
      const byTx = await tss.orderByTx(hash)
      expect(byTx?.status).toBe('3')
      expect(byTx?.dest?.tx_hash).toBe(detail.transferInHash)
      expect(byTx?.dest?.chain).toBe(String(detail.toChainId))
      expect(tracedLegs(byTx!).map((l) => l.name)).toEqual(expect.arrayContaining(['src', 'relay', 'dest']))
      const byDest = await tss.orderByTx(detail.transferInHash)
      expect(byDest?.order_id).toBe(byTx?.order_id)
      const byId = await tss.order(byTx!.order_id)
      expect(byId?.src?.tx_hash).toBe(hash)
      // the order is filed under its source leg's 100-block bucket
      const set = await tss.ordersAtHeight(detail.fromChainId, String(detail.fromHeight))
      expect(set.set).toContain(byTx!.order_id)
      return
    }
    throw new Error('no delivered transfer among the sample')
  })

  it('the Bitcoin-like chain has pending hashes without 0x, traceable', async () => {
    const pending = await tss.pendingTxs('1360095883558914')
    expect(pending.length).toBeGreaterThan(0)
    for (const h of pending) expect(h).toMatch(/^[0-9a-f]{64}$/)
    const order = await tss.orderByTx(pending[0]!)
    expect(order?.src?.chain).toBe('1360095883558914')
    expect(tssStatusLabel(order?.status ?? null)).toBe('Pending')
  })

  it('an unknown hash is no order; a bad parameter is an api error', async () => {
    expect(await tss.orderByTx('0x' + '12'.repeat(32))).toBeNull()
    const res = await fetch(`${sim.tssUrl}/cross/chain/height/orders?chainId=1&height=x`)
    expect(await res.json()).toEqual({ code: 400, data: null, msg: 'invalid parameter: height' })
  })

  it('a shared fault takes the TSS API offline with the rest', async () => {
    sim.setFaults('*', { status: 503 })
    await expect(tss.chainHeight(1)).rejects.toMatchObject({ kind: 'http', code: 503 })
    sim.clearFaults()
    expect(await tss.chainHeight(1)).not.toBeNull()
  })
})
