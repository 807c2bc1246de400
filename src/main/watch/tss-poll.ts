// One poll of MAP's TSS cross-chain API for the maintainers: for every followed chain its scan height and its
// pending orders; new pending hashes are traced (bounded per poll) for their source leg's time, order id, route
// and status. Events: a scanner that has not moved for the stall threshold (and again when it moves), an order
// pending past its route's stuck threshold, the API unreachable after N polls in a row (and back).
//
// Readings chosen where MAP's document is silent:
// - A scanner is stalled when its height has not changed for `stallMinutes` of our own observation. compass-tss
//   writes the height of the last leg it recorded (internal/cross/storage.go), so a chain with no cross-chain
//   traffic looks still too: the threshold is the user's to fit their chains. A height that goes down counts
//   as a move (compass-tss can record a lower leg after a higher one), never as a stall.
// - A pending order's age runs from its source leg's timestamp when tracing its hash finds the order (MAP's
//   timestamps are unix seconds of the observer); a hash MAP cannot trace yet is aged from when we first saw it.
// - The stuck threshold is the route's (settings' stuckThresholds, "fromChainId-toChainId"), the route read
//   from the legs or the packed chain_and_gas_limit; without a route, the default threshold.
import { toErrorData } from '@shared/errors'
import type { TssOrder } from '@shared/schemas/tss'
import type { TssBoard, TssChainBoard, TssPendingOrder } from '@shared/schemas/tss-board'
import { formatDuration, isFinalStatus, tssRoute, unixSeconds } from '@shared/tss'
import type { Poller, PollReport, PollRun } from './poller'
import { newTssChainState, type TssChainState, type TssPendingState, type TssProfileState, type TssWatchState } from './tss-state'
import type { Announce } from './types'

/** What the poll needs of the TSS client (src/main/client/tss-api.ts). */
export interface TssApi {
  readonly url: string
  chainHeight(chainId: string, call?: { signal?: AbortSignal }): Promise<string | null>
  pendingTxs(chainId: string, call?: { signal?: AbortSignal }): Promise<string[]>
  orderByTx(txHash: string, call?: { signal?: AbortSignal }): Promise<TssOrder | null>
}

export interface TssFollowed {
  chainId: string
  name: string
  added: boolean
}

export interface TssWatchSettings {
  intervalSec: number
  stallMinutes: number
  stuckThresholds: { defaultMinutes: number; routes: Record<string, number> }
  unreachableAfterFailures: number
}

export interface TssPollDeps {
  client: TssApi
  chains: readonly TssFollowed[]
  state: TssProfileState
  /** null: poll without announcing (the view refreshing while the watch is off) */
  announce: Announce | null
  now: () => number
  settings: TssWatchSettings
  signal?: AbortSignal
}

/** Hashes traced per chain per poll: a burst of new pending orders is traced over a few polls. */
const TRACES_PER_POLL = 8
/** A hash MAP could not trace is asked again after this long. */
const RETRACE_MS = 5 * 60_000
/** The rate is read over this window of samples. */
const RATE_WINDOW_MS = 15 * 60_000
const MAX_SAMPLES = 32
const PARALLEL = 4

function stuckMinutesFor(s: TssWatchSettings, route: string | null): number {
  return (route !== null ? s.stuckThresholds.routes[route] : undefined) ?? s.stuckThresholds.defaultMinutes
}

function ageMs(p: TssPendingState, now: number): number {
  return Math.max(0, now - (p.srcAt ?? p.firstSeen))
}

/** Polls every followed chain; resolves true when at least one chain answered (or none is followed). */
export async function pollTss(d: TssPollDeps): Promise<boolean> {
  const followed = new Set(d.chains.map((c) => c.chainId))
  for (const id of Object.keys(d.state.chains)) if (!followed.has(id)) delete d.state.chains[id]
  const queue = [...d.chains]
  let answered = 0
  let firstError: string | null = null
  const worker = async (): Promise<void> => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const ok = await pollChain(d, c)
      if (ok === true) answered += 1
      else firstError ??= ok
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, d.chains.length) }, worker))
  const now = d.now()
  d.state.lastPollAt = now
  const allFailed = d.chains.length > 0 && answered === 0
  health(d, allFailed, firstError, now)
  return !allFailed
}

function health(d: TssPollDeps, failed: boolean, error: string | null, now: number): void {
  const p = d.state
  if (!failed) {
    if (p.unreachable) {
      d.announce?.({
        kind: 'tss-recovered',
        id: `tss-recovered:${p.downSince ?? 0}`,
        url: d.client.url,
        downSince: p.downSince,
        title: 'TSS API answers again',
        body: `${d.client.url} answered after ${p.failures} failed polls.`
      })
    }
    Object.assign(p, { failures: 0, unreachable: false, downSince: null })
    return
  }
  p.failures += 1
  if (p.failures === 1) p.downSince = now
  if (!p.unreachable && p.failures >= d.settings.unreachableAfterFailures && d.announce) {
    p.unreachable = true
    d.announce({
      kind: 'tss-unreachable',
      id: `tss-unreachable:${p.downSince ?? now}`,
      url: d.client.url,
      failures: p.failures,
      error: { kind: 'network', message: error ?? 'no chain answered' },
      title: 'TSS API unreachable',
      body: `${d.client.url} failed ${p.failures} polls in a row: ${error ?? 'no chain answered'}`
    })
  }
}

/** true when the chain answered; else the failure's message. */
async function pollChain(d: TssPollDeps, c: TssFollowed): Promise<true | string> {
  const s = (d.state.chains[c.chainId] ??= newTssChainState())
  const call = d.signal ? { signal: d.signal } : {}
  let height: string | null
  let txs: string[]
  try {
    ;[height, txs] = await Promise.all([d.client.chainHeight(c.chainId, call), d.client.pendingTxs(c.chainId, call)])
  } catch (error) {
    s.error = toErrorData(error).message
    return s.error
  }
  const now = d.now()
  s.error = null
  s.checkedAt = now
  observeHeight(d, c, s, height, now)
  await observePending(d, c, s, txs, now)
  return true
}

function observeHeight(d: TssPollDeps, c: TssFollowed, s: TssChainState, height: string | null, now: number): void {
  const lastMove = s.movedAt
  if (height !== null && height !== s.height) {
    s.height = height
    s.movedAt = now
    s.samples.push([now, height])
    if (s.samples.length > MAX_SAMPLES) s.samples.splice(0, s.samples.length - MAX_SAMPLES)
  } else if (s.movedAt === null) {
    s.movedAt = now
  }
  // A chain MAP has no height for is not scanned at all: shown as such, never as a stall.
  const still = s.height !== null && s.movedAt !== null && now - s.movedAt >= d.settings.stallMinutes * 60_000
  const label = c.name ? `${c.name} (${c.chainId})` : `chain ${c.chainId}`
  if (still && !s.stalled) {
    s.stalled = true
    d.announce?.({
      kind: 'tss-stalled',
      id: `tss-stalled:${c.chainId}:${s.movedAt ?? 0}`,
      chainId: c.chainId,
      height: s.height,
      since: s.movedAt ?? now,
      title: `Scanner of ${label} stalled`,
      body: `Scan height ${s.height ?? 'unknown'} has not moved for ${formatDuration((now - (s.movedAt ?? now)) / 1000)} (threshold ${d.settings.stallMinutes} min).`
    })
  } else if (!still && s.stalled) {
    const stalledSince = lastMove ?? now
    s.stalled = false
    d.announce?.({
      kind: 'tss-scan-recovered',
      id: `tss-scan-recovered:${c.chainId}:${stalledSince}`,
      chainId: c.chainId,
      height: s.height,
      stalledSince,
      title: `Scanner of ${label} moving again`,
      body: `Scan height is ${s.height ?? 'unknown'} after ${formatDuration((now - stalledSince) / 1000)} without a move.`
    })
  }
}

async function observePending(d: TssPollDeps, c: TssFollowed, s: TssChainState, txs: readonly string[], now: number): Promise<void> {
  const known = new Map(s.pending.map((p) => [p.tx, p]))
  s.pending = txs.map((tx) => known.get(tx) ?? { tx, firstSeen: now, srcAt: null, orderId: null, status: null, route: null, tracedAt: null, stuckAnnounced: false })
  const untraced = s.pending.filter((p) => p.srcAt === null && (p.tracedAt === null || now - p.tracedAt >= RETRACE_MS)).slice(0, TRACES_PER_POLL)
  for (const p of untraced) {
    p.tracedAt = now
    try {
      const order = await d.client.orderByTx(p.tx, d.signal ? { signal: d.signal } : {})
      if (order) learn(p, order)
    } catch {
      // traced again after RETRACE_MS; the order keeps its first-seen age meanwhile
    }
  }
  for (const p of s.pending) {
    if (p.stuckAnnounced || isFinalStatus(p.status)) continue
    const minutes = Math.floor(ageMs(p, now) / 60_000)
    const threshold = stuckMinutesFor(d.settings, p.route)
    if (minutes < threshold || !d.announce) continue
    p.stuckAnnounced = true
    d.announce({
      kind: 'tss-order-stuck',
      id: `tss-stuck:${c.chainId}:${p.orderId ?? p.tx}`,
      chainId: c.chainId,
      txHash: p.tx,
      orderId: p.orderId,
      route: p.route,
      pendingMinutes: minutes,
      title: `Cross-chain order pending for ${formatDuration(minutes * 60)}`,
      body: `${p.tx.slice(0, 18)}… on ${c.name || `chain ${c.chainId}`}${p.route ? `, route ${p.route.replace('-', ' → ')}` : ''}, pending past the ${threshold} min threshold${p.srcAt === null ? ' (age from when first seen)' : ''}.`
    })
  }
}

function learn(p: TssPendingState, order: TssOrder): void {
  const src = unixSeconds(order.src?.timestamp ?? null)
  if (src !== null) p.srcAt = src * 1000
  p.orderId = order.order_id || null
  p.status = order.status
  const r = tssRoute(order)
  p.route = r.from && r.to ? `${r.from}-${r.to}` : null
}

/** Blocks per minute over the recent samples, or null with fewer than two in the window. */
export function blocksPerMinute(samples: readonly (readonly [number, string])[], now: number): number | null {
  const recent = samples.filter(([at]) => now - at <= RATE_WINDOW_MS)
  const first = recent[0]
  const last = recent.at(-1)
  if (!first || !last || last[0] - first[0] < 1000) return null
  const blocks = Number(BigInt(last[1]) - BigInt(first[1]))
  if (!Number.isFinite(blocks) || blocks < 0) return null
  return (blocks * 60_000) / (last[0] - first[0])
}

const MAX_BOARD_PENDING = 200

/** The board of one profile's state for the followed chains, at `now`. */
export function tssBoard(state: TssProfileState, chains: readonly TssFollowed[], settings: TssWatchSettings, now: number): TssBoard {
  return {
    at: now,
    stallMinutes: settings.stallMinutes,
    chains: chains.map((c): TssChainBoard => {
      const s = state.chains[c.chainId]
      const pending = (s?.pending ?? [])
        .map(
          (p): TssPendingOrder => ({
            tx: p.tx,
            ageSec: Math.floor(ageMs(p, now) / 1000),
            ageFrom: p.srcAt === null ? 'seen' : 'source',
            orderId: p.orderId,
            status: p.status,
            route: p.route,
            stuck: ageMs(p, now) >= stuckMinutesFor(settings, p.route) * 60_000
          })
        )
        .sort((a, b) => (b.ageSec ?? 0) - (a.ageSec ?? 0))
      return {
        chainId: c.chainId,
        name: c.name,
        added: c.added,
        height: s?.height ?? null,
        blocksPerMinute: s ? blocksPerMinute(s.samples, now) : null,
        movedAt: s?.movedAt ?? null,
        stalled: s?.stalled ?? false,
        pendingCount: pending.length,
        oldestPendingSec: pending[0]?.ageSec ?? null,
        pending: pending.slice(0, MAX_BOARD_PENDING),
        error: s?.error ?? null,
        checkedAt: s?.checkedAt ?? null
      }
    })
  }
}

/** The TSS cross-chain API watch of a profile: what its poller needs. */
export interface TssWatchDeps {
  client: TssApi
  /** the followed chains, asked before every poll (the chain list may come from a cache) */
  chains: () => Promise<TssFollowed[]>
  state: TssWatchState
  settings: () => TssWatchSettings
}

/** MAP's TSS API as a poller: failures back off; its state has a file of its own (tss-state.json). */
export class TssPoller implements Poller {
  readonly name = 'tss'
  readonly backsOff = true

  constructor(
    private readonly profileId: string,
    private readonly d: TssWatchDeps
  ) {}

  intervalMs(): number {
    return this.d.settings().intervalSec * 1000
  }

  async poll(run: PollRun): Promise<PollReport> {
    const p = this.d.state.profile(this.profileId)
    await pollTss({ client: this.d.client, chains: await this.d.chains(), state: p, announce: run.announce, now: run.now, settings: this.d.settings(), signal: run.signal })
    return { failures: p.failures }
  }

  save(now: number, final: boolean): Promise<void> {
    return final ? this.d.state.save(now, true) : this.d.state.save(now)
  }
}
