// What a scrape of the watch's /metrics answers between two polls: the lines kept since the last change, but for
// the series that read the clock, which move at every scrape. Every poller kind's metrics registered at once,
// each read from a source shaped as the CLI's is (the TSS board made at scrape time by tssBoard, as `watch tss`
// makes it): whatever a scrape answers is what prom-client's registry, asked afresh, answers at that moment.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WatchMetrics, type MetricsSource } from '../../../src/cli/metrics'
import { tssBoard, type TssFollowed, type TssWatchSettings } from '../../../src/main/watch/tss-poll'
import type { KeepersStanding, TssProfileState } from '../../../src/main/watch'
import type { WatchNodeStatus, WatchStatus } from '../../../src/shared/watch'

const T0 = 1_800_000_000_000
const NODE = 'http://node-a.example/rpc'
const TX = `0x${'ab'.repeat(32)}`

function world(): { metrics: WatchMetrics; node: WatchNodeStatus; keepers: { standing: KeepersStanding | null } } {
  const node: WatchNodeStatus = { url: NODE, latencyMs: 40, lastAnswerAt: T0, ok: true, epoch: '7', behind: false }
  const status = (): WatchStatus => ({ running: true, paused: false, profileId: 'p', lastPollAt: T0, nextPollAt: null, nodes: [{ ...node }], vault: null })
  const tss: TssProfileState = {
    chains: {
      '56': {
        height: '100',
        movedAt: T0,
        samples: [],
        stalled: false,
        checkedAt: T0,
        error: null,
        pending: [{ tx: TX, firstSeen: T0 - 60_000, srcAt: null, orderId: null, status: null, route: null, tracedAt: null, stuckAnnounced: false }]
      }
    },
    failures: 0,
    downSince: null,
    unreachable: false,
    lastPollAt: T0
  }
  const followed: TssFollowed[] = [{ chainId: '56', name: 'Bsc', added: false }]
  const settings: TssWatchSettings = { intervalSec: 60, stallMinutes: 10, stuckThresholds: { defaultMinutes: 30, routes: {} }, unreachableAfterFailures: 3 }
  const keepers: { standing: KeepersStanding | null } = { standing: null }
  const source: MetricsSource = {
    vault: { status, nodesAgree: () => true },
    transfers: {
      stuckTransfers: () => [],
      pendingTransfers: () => [{ txHash: TX, since: T0 - 120_000 }],
      chainContradictions: () => ({ disagrees: 0, 'not-found': 0, reverted: 0 }),
      outcomes: () => ({ 'in-flight': 1, delivered: 0, refunded: 0, failed: 0, unknown: 0 })
    },
    tss: { board: () => tssBoard(tss, followed, settings, Date.now()), apiUp: () => true },
    keepers: { maintainers: true, solvency: false, last: () => keepers.standing, up: () => (keepers.standing === null ? null : true) }
  }
  return { metrics: new WatchMetrics(source), node, keepers }
}

describe('the watch’s /metrics between two polls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(T0)
  })
  afterEach(() => vi.useRealTimers())

  it('answers what the registry answers afresh at every scrape while only the clock moves, and the ages move with it', async () => {
    const w = world()
    w.metrics.polled({ failures: 0, nodes: [w.node] })
    const first = await w.metrics.metrics()
    expect(first).toBe(await w.metrics.registry.metrics())
    expect(first).toContain(`bridgescope_watched_transfer_pending_seconds{tx="${TX}"} 120`)
    expect(first).toContain('bridgescope_tss_oldest_pending_seconds{chain="56"} 60')
    for (const later of [15_000, 30_000, 45_000]) {
      vi.setSystemTime(T0 + later)
      const text = await w.metrics.metrics()
      expect(text).toBe(await w.metrics.registry.metrics())
      expect(text).toContain(`bridgescope_watched_transfer_pending_seconds{tx="${TX}"} ${120 + later / 1000}`)
      expect(text).toContain(`bridgescope_tss_oldest_pending_seconds{chain="56"} ${60 + later / 1000}`)
    }
  })

  it('shows what a poll changed at the next scrape after it, and what an event and a webhook given up counted', async () => {
    const w = world()
    w.metrics.polled({ failures: 0, nodes: [w.node] })
    expect(await w.metrics.metrics()).toContain(`bridgescope_node_up{node="${NODE}"} 1`)
    // the node goes down and the keepers' first round comes, then the poll ends
    w.node.ok = false
    w.keepers.standing = { round: { keepers: null, solvency: null }, at: T0 + 60_000 }
    w.metrics.polled({ failures: 1, nodes: [w.node] })
    vi.setSystemTime(T0 + 60_000)
    const after = await w.metrics.metrics()
    expect(after).toBe(await w.metrics.registry.metrics())
    expect(after).toContain(`bridgescope_node_up{node="${NODE}"} 0`)
    expect(after).toContain(`bridgescope_poll_errors_total{target="${NODE}"} 1`)
    expect(after).toContain('bridgescope_keepers_up 1')
    expect(after).toContain('bridgescope_keepers_last_round_timestamp_seconds 1800000060')
    w.metrics.event({ kind: 'vault-change', id: 'v', at: T0, profileId: 'p', title: 't', body: 'b', epochBefore: '7', epochAfter: '8', changes: [] } as never)
    w.metrics.webhookFailed()
    const counted = await w.metrics.metrics()
    expect(counted).toBe(await w.metrics.registry.metrics())
    expect(counted).toContain('bridgescope_vault_changes_total 1')
    expect(counted).toContain('bridgescope_webhook_failures_total 1')
  })
})
