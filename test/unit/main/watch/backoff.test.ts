// Poll timing with fake timers: one interval after a success, jittered doubling after failures within
// bounds and capped, back to the interval after a success, and one full interval after resume from sleep.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../../src/shared/errors'
import type { VaultResult } from '../../../../src/shared/schemas/vault'
import { BACKOFF_CAP_MS, JITTER, nextDelayMs, transferDelayMs } from '../../../../src/main/watch/backoff'
import type { WatchClient } from '../../../../src/main/watch/types'
import { rig, tempDir } from './helpers'
import { profilePollers } from '../../../../src/main/watch/pollers'
import { Watcher } from '../../../../src/main/watch/watcher'
import { WatchState } from '../../../../src/main/watch/state'
import { ActivityLog } from '../../../../src/main/watch/activity-log'
import { defaultSettings } from '../../../../src/shared/schemas/settings'

const INTERVAL = 60_000

describe('nextDelayMs', () => {
  it('is the interval after a success and grows within the jitter bounds up to the cap', () => {
    expect(nextDelayMs(INTERVAL, 0, () => 0.99)).toBe(INTERVAL)
    for (let n = 1; n <= 12; n++) {
      const base = Math.min(BACKOFF_CAP_MS, INTERVAL * 2 ** n)
      const lo = nextDelayMs(INTERVAL, n, () => 0)
      const hi = nextDelayMs(INTERVAL, n, () => 1)
      expect(lo).toBe(Math.max(INTERVAL, Math.round(base * (1 - JITTER))))
      expect(hi).toBe(Math.min(BACKOFF_CAP_MS, Math.round(base * (1 + JITTER))))
      expect(lo).toBeGreaterThanOrEqual(INTERVAL)
      expect(hi).toBeLessThanOrEqual(BACKOFF_CAP_MS)
    }
    expect(nextDelayMs(INTERVAL, 40, () => 0.5)).toBe(BACKOFF_CAP_MS)
    // an interval longer than the cap is never shortened
    expect(nextDelayMs(2 * BACKOFF_CAP_MS, 3, () => 0)).toBe(2 * BACKOFF_CAP_MS)
  })

  it('polls an ageing pending transfer less often', () => {
    expect(transferDelayMs(30_000, 10 * 60_000)).toBe(30_000)
    expect(transferDelayMs(30_000, 2 * 3_600_000)).toBe(120_000)
    expect(transferDelayMs(30_000, 30 * 3_600_000)).toBe(600_000)
  })
})

describe('watcher schedule (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function stubClient(): { client: WatchClient; calls: number[]; fail: { on: boolean } } {
    const calls: number[] = []
    const fail = { on: false }
    const answer: VaultResult = { query: 'latest', raw: [{ epoch: 1, status: 'active' }], records: [{ epoch: 1, status: 'active' }] }
    const client: WatchClient = {
      getVault: () => {
        calls.push(Date.now())
        return fail.on ? Promise.reject(new AppError({ kind: 'http', message: 'HTTP 503' })) : Promise.resolve(answer)
      },
      queryBridgeInfo: () => Promise.reject(new Error('unused')),
      queryHistory: () => Promise.reject(new Error('unused'))
    }
    return { client, calls, fail }
  }

  async function watcherWith(client: WatchClient, random: () => number): Promise<Watcher> {
    const settings = defaultSettings()
    const state = await WatchState.open(null)
    const pollers = profilePollers({
      profileId: 'p',
      client,
      rpcUrls: ['http://127.0.0.1:9/rpc'],
      settings: () => settings,
      targets: () => ({ addresses: [], transfers: [] }),
      state,
      transfers: false
    })
    return new Watcher({ profileId: 'p', pollers: pollers.all, state, log: await ActivityLog.open(null), random })
  }

  it('backs off with jitter while the node fails, caps, and returns to the interval after a success', async () => {
    const { client, calls, fail } = stubClient()
    let r = 0.5
    const w = await watcherWith(client, () => r)
    w.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(INTERVAL)
    expect(calls).toHaveLength(2)

    fail.on = true
    const gaps: number[] = []
    for (let n = 0; n < 8; n++) {
      r = n % 2 === 0 ? 0 : 1 // the jitter's two extremes
      const before = calls.length
      const next = w.status().nextPollAt! - Date.now()
      await vi.advanceTimersByTimeAsync(next - 1)
      expect(calls).toHaveLength(before) // not a millisecond early
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toHaveLength(before + 1)
      gaps.push(w.status().nextPollAt! - Date.now())
    }
    // failure n waits interval·2^n ±20 %, capped at 30 min
    gaps.forEach((gap, i) => {
      const base = Math.min(BACKOFF_CAP_MS, INTERVAL * 2 ** (i + 1))
      expect(gap).toBeGreaterThanOrEqual(Math.max(INTERVAL, base * (1 - JITTER)))
      expect(gap).toBeLessThanOrEqual(Math.min(BACKOFF_CAP_MS, base * (1 + JITTER)))
    })
    expect(gaps[0]).toBe(96_000) // 120 s − 20 %
    expect(gaps[1]).toBe(288_000) // 240 s + 20 %
    expect(Math.max(...gaps)).toBe(BACKOFF_CAP_MS)

    fail.on = false
    await vi.advanceTimersByTimeAsync(w.status().nextPollAt! - Date.now())
    expect(w.status().nextPollAt! - Date.now()).toBe(INTERVAL)
    await w.stop()
  })

  it('after sleep, waits one full interval before polling again', async () => {
    const { client, calls } = stubClient()
    const w = await watcherWith(client, () => 0.5)
    w.start()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(1)
    w.suspend()
    await vi.advanceTimersByTimeAsync(3 * 3_600_000) // asleep for 3 hours: nothing fires
    expect(calls).toHaveLength(1)
    w.resume()
    await vi.advanceTimersByTimeAsync(INTERVAL - 1)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    // pause / resume watching behaves the same
    w.setPaused(true)
    await vi.advanceTimersByTimeAsync(10 * INTERVAL)
    expect(calls).toHaveLength(2)
    w.setPaused(false)
    await vi.advanceTimersByTimeAsync(INTERVAL - 1)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(3)
    await w.stop()
  })

  it('counts unreachable from consecutive failed scheduled polls, once', async () => {
    const { client, fail } = stubClient()
    fail.on = true
    const dir = tempDir()
    const r = await rig({ dir, client, rpcUrls: ['http://127.0.0.1:9/rpc'] })
    for (let i = 0; i < 6; i++) await r.watcher.recheck()
    expect(r.events.map((e) => e.kind)).toEqual(['node-unreachable'])
  })
})
