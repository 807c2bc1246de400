// The TSS loop of the watcher core, stepped poll by poll with a clock the test moves and a TSS API the test
// scripts: stalls and recoveries, pending ages from the source leg, stuck orders by route, the API going away
// and coming back, and what survives a restart.
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../../src/shared/errors'
import { tssOrderSchema, type TssOrder } from '../../../../src/shared/schemas/tss'
import { registerTssMetrics } from '../../../../src/cli/tss-metrics'
import { blocksPerMinute, pollTss, tssBoard, type TssApi, type TssFollowed, type TssWatchSettings } from '../../../../src/main/watch/tss-poll'
import { TssWatchState } from '../../../../src/main/watch/tss-state'
import type { EventDraft } from '../../../../src/main/watch/types'
import { tempDir } from './helpers'

const MIN = 60_000
const T0 = Date.UTC(2026, 0, 20, 12)

/** A scripted TSS API: heights and pending lists per chain, orders by hash; `down` fails every call. */
class FakeTss implements TssApi {
  readonly url = 'https://tss.example/?key=s3cret'
  heights = new Map<string, string | null>()
  pending = new Map<string, string[]>()
  orders = new Map<string, TssOrder>()
  down = false
  traced: string[] = []
  private fail(): void {
    if (this.down) throw new AppError({ kind: 'network', message: 'cannot reach the service: ECONNREFUSED' })
  }
  chainHeight(id: string): Promise<string | null> {
    this.fail()
    return Promise.resolve(this.heights.get(id) ?? null)
  }
  pendingTxs(id: string): Promise<string[]> {
    this.fail()
    return Promise.resolve(this.pending.get(id) ?? [])
  }
  orderByTx(tx: string): Promise<TssOrder | null> {
    this.fail()
    this.traced.push(tx)
    return Promise.resolve(this.orders.get(tx) ?? null)
  }
}

function pendingOrder(tx: string, srcSec: number, from: string, to: string): TssOrder {
  return tssOrderSchema.parse({
    src: { tx_hash: tx, chain: from, height: 100, timestamp: srcSec, order_id: '0x' + 'ab'.repeat(32), chain_and_gas_limit: ((BigInt(from) << 192n) | (BigInt(to) << 128n)).toString() },
    relay: { tx_hash: '0x' + '11'.repeat(32), chain: '22776', height: 5, timestamp: srcSec + 30 },
    status: 1,
    status_str: 'pending',
    order_id: '',
    now: 0
  })
}

const settings: TssWatchSettings = {
  intervalSec: 60,
  stallMinutes: 10,
  stuckThresholds: { defaultMinutes: 120, routes: { '56-1': 30 } },
  unreachableAfterFailures: 3
}
const chains: TssFollowed[] = [
  { chainId: '56', name: 'BNB Smart Chain', added: false },
  { chainId: '1360095883558914', name: '', added: true }
]

async function setup(dir: string | null = null): Promise<{ api: FakeTss; events: EventDraft[]; state: TssWatchState; clock: { now: number }; poll: () => Promise<boolean> }> {
  const api = new FakeTss()
  const events: EventDraft[] = []
  const seen = new Set<string>()
  const state = await TssWatchState.open(dir)
  const clock = { now: T0 }
  const poll = (): Promise<boolean> =>
    pollTss({
      client: api,
      chains,
      state: state.profile('p1'),
      announce: (d) => {
        if (seen.has(d.id)) return false
        seen.add(d.id)
        events.push(d)
        return true
      },
      now: () => clock.now,
      settings
    })
  return { api, events, state, clock, poll }
}

describe('scanner stalls', () => {
  it('a height that does not move for the threshold is one stall event; moving again is one recovery', async () => {
    const { api, events, clock, poll } = await setup()
    api.heights.set('56', '1000')
    await poll()
    clock.now += 9 * MIN
    await poll()
    expect(events).toEqual([])
    clock.now += 1 * MIN
    await poll()
    clock.now += 5 * MIN
    await poll()
    expect(events.map((e) => e.kind)).toEqual(['tss-stalled'])
    expect(events[0]).toMatchObject({ chainId: '56', height: '1000', since: T0, title: 'Scanner of BNB Smart Chain (56) stalled' })
    api.heights.set('56', '1010')
    clock.now += MIN
    await poll()
    expect(events.map((e) => e.kind)).toEqual(['tss-stalled', 'tss-scan-recovered'])
    expect(events[1]).toMatchObject({ chainId: '56', height: '1010', stalledSince: T0 })
  })

  it('a height going down is a move, not a stall', async () => {
    const { api, events, clock, poll, state } = await setup()
    api.heights.set('56', '1000')
    await poll()
    clock.now += 8 * MIN
    api.heights.set('56', '990')
    await poll()
    clock.now += 8 * MIN
    await poll()
    expect(events).toEqual([])
    expect(state.profile('p1').chains['56']?.movedAt).toBe(T0 + 8 * MIN)
  })

  it('the rate is blocks per minute over the recent samples', () => {
    expect(blocksPerMinute([[T0, '100'], [T0 + 2 * MIN, '140']], T0 + 2 * MIN)).toBe(20)
    expect(blocksPerMinute([[T0, '100']], T0)).toBeNull()
    expect(blocksPerMinute([[T0 - 60 * MIN, '1'], [T0, '100']], T0)).toBeNull()
  })
})

describe('pending orders', () => {
  it('are aged from their source leg, stuck past their route\'s threshold once, oldest first on the board', async () => {
    const { api, events, clock, poll, state } = await setup()
    const t = T0 / 1000
    api.pending.set('56', ['0xaaa1aaa1aaa1aaa1', '0xbbb2bbb2bbb2bbb2'])
    api.orders.set('0xaaa1aaa1aaa1aaa1', pendingOrder('0xaaa1aaa1aaa1aaa1', t - 20 * 60, '56', '1'))
    api.orders.set('0xbbb2bbb2bbb2bbb2', pendingOrder('0xbbb2bbb2bbb2bbb2', t - 25 * 60, '56', '137'))
    await poll()
    expect(events).toEqual([])
    let board = tssBoard(state.profile('p1'), chains, settings, clock.now).chains[0]!
    expect(board.pendingCount).toBe(2)
    expect(board.oldestPendingSec).toBe(25 * 60)
    expect(board.pending.map((p) => [p.tx, p.ageFrom, p.route])).toEqual([
      ['0xbbb2bbb2bbb2bbb2', 'source', '56-137'],
      ['0xaaa1aaa1aaa1aaa1', 'source', '56-1']
    ])
    clock.now += 10 * MIN // route 56-1's threshold is 30 min; 56-137 has the default 120
    await poll()
    await poll()
    expect(events.map((e) => [e.kind, 'txHash' in e ? e.txHash : '', 'pendingMinutes' in e ? e.pendingMinutes : 0])).toEqual([['tss-order-stuck', '0xaaa1aaa1aaa1aaa1', 30]])
    board = tssBoard(state.profile('p1'), chains, settings, clock.now).chains[0]!
    expect(board.pending.map((p) => p.stuck)).toEqual([false, true])
    // each hash traced once
    expect(api.traced.filter((h) => h === '0xaaa1aaa1aaa1aaa1')).toHaveLength(1)
  })

  it('a hash MAP cannot trace is aged from when it was first seen; a hash gone from the list is forgotten', async () => {
    const { api, clock, poll, state } = await setup()
    api.pending.set('1360095883558914', ['8c2d4520b91d4407c542256d46eace870b012704e10712ad220619af6b195780'])
    await poll()
    clock.now += 3 * MIN
    await poll()
    const board = tssBoard(state.profile('p1'), chains, settings, clock.now).chains[1]!
    expect(board.pending[0]).toMatchObject({ ageSec: 180, ageFrom: 'seen', orderId: null })
    api.pending.set('1360095883558914', [])
    await poll()
    expect(tssBoard(state.profile('p1'), chains, settings, clock.now).chains[1]!.pendingCount).toBe(0)
  })
})

describe('the API itself', () => {
  it('unreachable after N failed polls (once), and back', async () => {
    const { api, events, clock, poll } = await setup()
    api.down = true
    for (let i = 0; i < 5; i++) {
      expect(await poll()).toBe(false)
      clock.now += MIN
    }
    api.down = false
    expect(await poll()).toBe(true)
    expect(events.map((e) => e.kind)).toEqual(['tss-unreachable', 'tss-recovered'])
    expect(events[0]).toMatchObject({ failures: 3, url: 'https://tss.example/?key=s3cret' })
    expect(events[1]).toMatchObject({ downSince: T0 })
  })

  it('a restart remembers since when a scanner has not moved', async () => {
    const dir = tempDir()
    const first = await setup(dir)
    first.api.heights.set('56', '1000')
    await first.poll()
    await first.state.save(T0, true)
    const again = await setup(dir)
    again.api.heights.set('56', '1000')
    again.clock.now = T0 + 11 * MIN
    await again.poll()
    expect(again.events.map((e) => e.kind)).toEqual(['tss-stalled'])
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('the state file', () => {
  it('a height alone is written at most every 10 min; a stall or a pending change at once', async () => {
    const dir = tempDir()
    const { api, clock, poll, state } = await setup(dir)
    const file = (): string => readFileSync(join(dir, 'tss-state.json'), 'utf8')
    api.heights.set('56', '1000')
    await poll()
    await state.save(clock.now)
    const first = file()
    clock.now += MIN
    api.heights.set('56', '1020')
    await poll()
    await state.save(clock.now)
    expect(file()).toBe(first)
    api.pending.set('56', ['0xaaa1aaa1aaa1aaa1'])
    clock.now += MIN
    await poll()
    await state.save(clock.now)
    expect(file()).toContain('"height":"1020"')
    expect(file()).toContain('0xaaa1aaa1aaa1aaa1')
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('metrics', () => {
  it('per chain: pending orders, oldest pending age, scan height, stalled', async () => {
    const { api, clock, poll, state } = await setup()
    api.heights.set('56', '44800000')
    api.pending.set('56', ['0xaaa1aaa1aaa1aaa1'])
    api.orders.set('0xaaa1aaa1aaa1aaa1', pendingOrder('0xaaa1aaa1aaa1aaa1', T0 / 1000 - 90, '56', '1'))
    await poll()
    const registry = new Registry()
    registerTssMetrics(registry, { board: () => tssBoard(state.profile('p1'), chains, settings, clock.now), apiUp: () => true })
    const text = await registry.metrics()
    expect(text).toContain('bridgescope_tss_pending_orders{chain="56"} 1')
    expect(text).toContain('bridgescope_tss_oldest_pending_seconds{chain="56"} 90')
    expect(text).toContain('bridgescope_tss_scan_height{chain="56"} 44800000')
    expect(text).toContain('bridgescope_tss_scan_stalled{chain="56"} 0')
    expect(text).toContain('bridgescope_tss_pending_orders{chain="1360095883558914"} 0')
    expect(text).toContain('bridgescope_tss_api_up 1')
  })
})
