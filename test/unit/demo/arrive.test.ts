// Arrivals when a test says: POST /__sim/hold holds back the newest transfers of an address on a chain (not
// listed, not counted, not found by hash), and POST /__sim/arrive lets them in at the head of its history,
// oldest first. A still network (no motion) stays still otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TssClient } from '../../../src/main/client/tss-api'
import { startSimulator, type Simulator } from '../../support/simulator'
import { post, parseLossless, type Envelope } from './helpers'

let sim: Simulator

beforeAll(async () => {
  sim = await startSimulator({ seed: 4, transfers: 800, rotateEveryMs: null })
})
afterAll(async () => {
  await sim.close()
})

type Page = Envelope<{ list: { id: number; hash: string }[]; total: number }>
const page = async (address: string, chainId: number, pageSize = 10): Promise<Page['data']> =>
  (parseLossless((await post(`${sim.baseUrl}/api/queryHistory`, { address, chainId, pageNo: 1, pageSize })).text) as Page).data
const ids = (p: Page['data']): number[] => p.list.map((r) => r.id)
const control = async (route: 'hold' | 'arrive', body: unknown): Promise<{ status: number; json: unknown }> => {
  const r = await post(`${sim.baseUrl}/__sim/${route}`, body)
  return { status: r.status, json: JSON.parse(r.text) as unknown }
}

describe('arrivals on demand', () => {
  it('holds back the newest transfers of a history and lets them in at its head, oldest first', async () => {
    const top = sim.sample().addresses[1]!
    const all = await page(top.address, top.chainId, 13)
    expect(await control('hold', { address: top.address, chainId: top.chainId, count: 3 })).toEqual({ status: 200, json: { ok: true, held: 3 } })
    const before = await page(top.address, top.chainId)
    expect(before.total).toBe(all.total - 3)
    expect(ids(before)).toEqual(ids(all).slice(3))
    // a held-back transfer is not found by its hash either, until it arrives
    const newest = all.list[0]!.hash
    expect(JSON.parse((await post(`${sim.baseUrl}/api/queryBridgeInfo`, { txHash: newest })).text)).toMatchObject({ code: 404 })

    expect(await control('arrive', { address: top.address, chainId: top.chainId, count: 1 })).toEqual({ status: 200, json: { ok: true, arrived: 1 } })
    const after = await page(top.address, top.chainId)
    expect(after.total).toBe(before.total + 1)
    expect(ids(after)).toEqual(ids(all).slice(2, 12))

    // no more than were held back; then the history is the whole one again
    expect(sim.arrive(top.address, top.chainId, 10)).toBe(2)
    expect(sim.arrive(top.address, top.chainId, 1)).toBe(0)
    expect(await page(top.address, top.chainId, 13)).toEqual(all)
    expect(JSON.parse((await post(`${sim.baseUrl}/api/queryBridgeInfo`, { txHash: newest })).text)).toMatchObject({ code: 200 })
  })

  it('the TSS API knows no order of a held-back transfer until it arrives: one network, one story', async () => {
    const tss = new TssClient({ url: sim.tssUrl, retries: 0 })
    const top = sim.sample().addresses[2]!
    const all = await page(top.address, top.chainId, 3)
    const newest = all.list[0]!.hash
    const known = await tss.orderByTx(newest)
    expect(known).not.toBeNull()
    sim.hold(top.address, top.chainId, 1)
    expect(await tss.orderByTx(newest)).toBeNull()
    expect(await tss.order(known!.order_id)).toBeNull()
    expect(sim.arrive(top.address, top.chainId, 1)).toBe(1)
    // the same order again; only the server's clock (`now`, whole seconds) may have moved on, never back
    const again = await tss.orderByTx(newest)
    expect({ ...again!, now: known!.now }).toEqual(known)
    expect(Number(again!.now)).toBeGreaterThanOrEqual(Number(known!.now))
    expect(Number(known!.now)).toBeGreaterThan(0)
  })

  it('refuses a request it cannot read; an unknown address holds and lets in nothing', async () => {
    expect((await control('arrive', { address: 'nope', chainId: 1 })).status).toBe(400)
    expect((await post(`${sim.baseUrl}/__sim/hold`, '{')).status).toBe(400)
    expect((await control('hold', { address: `0x${'ab'.repeat(20)}`, chainId: 1, count: 2 })).json).toEqual({ ok: true, held: 0 })
    expect((await control('arrive', { address: `0x${'ab'.repeat(20)}`, chainId: 1 })).json).toEqual({ ok: true, arrived: 0 })
  })
})
