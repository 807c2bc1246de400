// The demo network moves as a live one does: the busiest address gains a transfer at its head with each
// request for its history, an arrival is in flight and then settles, and the second node lags each rotation
// by a few of its polls. Without motion, nothing of that happens and the data is what it always was.
import { afterEach, describe, expect, it } from 'vitest'
import { BridgeClient } from '../../../src/main/client/mcs/client'
import { fetchAllHistory } from '../../../src/main/client/history-all'
import { startSimulator, type MotionOptions, type Simulator } from '../../support/simulator'
import { parseLossless, post, rpcBody } from './helpers'

const sims: Simulator[] = []
afterEach(async () => {
  while (sims.length) await sims.pop()?.close()
})

const still: MotionOptions = { arrivals: 40, settleSec: [30, 30], lagPolls: 2, failRate: 0 }

async function sim(motion: boolean | MotionOptions, now?: () => number): Promise<Simulator> {
  const s = await startSimulator({ seed: 4, transfers: 3000, rotateEveryMs: null, motion, ...(now ? { now } : {}) })
  sims.push(s)
  return s
}

type Page = { data: { list: { id: number; state: number; hash: string; timestamp: string }[]; total: number } }
const history = async (s: Simulator, who: { address: string; chainId: number }, pageNo = 1, pageSize = 10): Promise<Page['data']> =>
  (parseLossless((await post(`${s.baseUrl}/api/queryHistory`, { ...who, pageNo, pageSize })).text) as Page).data

describe('the demo network moves', () => {
  it("the busiest address gains one transfer at its list's head per request, newest first, until its arrivals are used up", async () => {
    const s = await sim({ ...still, arrivals: 3 })
    const busiest = s.sample().addresses[0]!
    const first = await history(s, busiest)
    expect(first.total).toBe(busiest.count + 1)
    const second = await history(s, busiest)
    expect(second.total).toBe(busiest.count + 2)
    // the new one is on top; everything else moved one place down
    expect(second.list.slice(1).map((r) => r.id)).toEqual(first.list.slice(0, 9).map((r) => r.id))
    expect(second.list[0]!.id).toBeGreaterThan(first.list[0]!.id)
    await history(s, busiest)
    expect((await history(s, busiest)).total).toBe(busiest.count + 3)
    // other addresses stand still
    const other = s.sample().addresses.find((a) => a.address !== busiest.address)!
    expect((await history(s, other)).total).toBe(other.count)
    expect((await history(s, other)).total).toBe(other.count)
  })

  it('an arrival is unknown before it arrives, in flight when it does, and settles after its time', async () => {
    let clock = Date.UTC(2026, 10, 25)
    const s = await sim(still, () => clock)
    const busiest = s.sample().addresses[0]!
    const top = (await history(s, busiest)).list[0]!
    const detail = async (): Promise<{ code: number; data: { state?: number } | null }> =>
      parseLossless((await post(`${s.baseUrl}/api/queryBridgeInfo`, { txHash: top.hash })).text) as { code: number; data: { state?: number } | null }
    expect(top.state).toBe(0)
    // sent when it arrived (the wire's UTC time text)
    expect(top.timestamp).toBe('2026-11-25 00:00:00')
    expect((await detail()).code).toBe(200)
    clock += 29_000
    expect((await detail()).data?.state).toBe(0)
    clock += 2_000
    expect((await detail()).data?.state).not.toBe(0)
    // the next arrival, still unknown to queryBridgeInfo until a history request brings it
    const after = await history(s, busiest, 1, 1)
    expect(after.list[0]!.id).not.toBe(top.id)
  })

  it('"load all" of the busiest address while it gains transfers gets every transfer once, and counts the arrivals', async () => {
    const s = await sim(still)
    const busiest = s.sample().addresses[0]!
    const client = new BridgeClient({ baseUrl: s.baseUrl, maxPageSize: 1000 })
    const all = await fetchAllHistory(client, busiest, { pageSize: 10, concurrency: 4 })
    expect(all.doubts).toEqual([])
    expect(all.arrived).toBeGreaterThan(0)
    expect(all.list.length).toBe(all.startTotal + all.arrived)
    expect(new Set(all.list.map((r) => r.id)).size).toBe(all.list.length)
    // newest first, as the service lists it
    const ids = all.list.map((r) => r.id)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
  })

  it('the lagging node tells a new epoch only after a few of its polls, and never goes back', async () => {
    const s = await sim(still)
    const epochOf = async (url: string): Promise<number> => {
      const r = parseLossless((await post(url, rpcBody(['latest']))).text) as { result: { epoch: number; status: string }[] }
      return r.result[0]!.epoch
    }
    const before = await epochOf(s.laggingRpcUrl)
    expect(before).toBe(await epochOf(s.rpcUrl))
    const { epoch } = s.rotateVault()
    expect(await epochOf(s.rpcUrl)).toBe(epoch)
    const told: number[] = []
    for (let i = 0; i < 4; i++) told.push(await epochOf(s.laggingRpcUrl))
    expect(told).toEqual([before, before, epoch, epoch])
    // what it does not know yet, it does not serve by number either
    s.rotateVault()
    const ahead = parseLossless((await post(s.laggingRpcUrl, rpcBody([`0x${(epoch + 1).toString(16)}`]))).text) as { error?: { code: number } }
    expect(ahead.error?.code).toBe(-32000)
  })

  it('the lagging node fails a share of its polls', async () => {
    const s = await sim({ ...still, failRate: 0.5 })
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await post(s.laggingRpcUrl, rpcBody(['latest']))).status)
    expect(statuses.filter((x) => x === 503).length).toBeGreaterThan(5)
    expect(statuses.filter((x) => x === 200).length).toBeGreaterThan(5)
  })

  it('without motion the network stands still: the same answers as before, request after request', async () => {
    const s = await sim(false)
    const busiest = s.sample().addresses[0]!
    const a = await history(s, busiest)
    const b = await history(s, busiest)
    expect(b).toEqual(a)
    expect(a.total).toBe(busiest.count)
  })
})
