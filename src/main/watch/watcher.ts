// The watcher of one profile: schedules vault polls (one interval after a success, jittered exponential
// back-off after failures) and watchlist polls, turns every new change into exactly one event — logged,
// pushed, notified — and keeps its memory in WatchState so a restart repeats nothing. No Electron here:
// timers, notifications and the client are injected, so the harness, the CLI and tests run the same code.
import { watchEventHref, type WatchEvent, type WatchNodeStatus, type WatchStatus } from '@shared/watch'
import { redactDeep } from '@shared/redact'
import type { DiskCache } from '../store/cache'
import type { ActivityLog } from './activity-log'
import { nextDelayMs } from './backoff'
import type { WatchState } from './state'
import { pollTransfers } from './transfer-poll'
import type { EventDraft, Notify, Timers, WatchClient, WatchSettings, WatchTargets } from './types'
import { pollVault } from './vault-poll'
import { pollTss, type TssApi, type TssFollowed, type TssWatchSettings } from './tss-poll'
import type { TssWatchState } from './tss-state'

/** The TSS cross-chain API watch of a profile (its own loop in this core; see tss-poll.ts). */
export interface TssWatchDeps {
  client: TssApi
  /** the followed chains, asked before every poll (the chain list may come from a cache) */
  chains: () => Promise<TssFollowed[]>
  state: TssWatchState
  settings: () => TssWatchSettings
}

export interface WatcherDeps {
  profileId: string
  client: WatchClient
  rpcUrls: readonly string[]
  settings: () => WatchSettings
  targets: () => WatchTargets
  state: WatchState
  log: ActivityLog
  cache?: DiskCache | null
  /** push to the renderer (`watch:event`) */
  emit?: (e: WatchEvent) => void
  notify?: Notify
  /** opens the app window at a hash route, for a notification's click */
  open?: (href: string) => void
  timers?: Partial<Timers>
  random?: () => number
  /** after every poll (the tray tooltip follows the vault) */
  onPolled?: () => void
  /** both default true; the CLI's `watch transfer` turns the vault off */
  vault?: boolean
  transfers?: boolean
  /** MAP's TSS cross-chain API: watched when given */
  tss?: TssWatchDeps
}

// Resolved at call time, so vi.useFakeTimers() installed after construction still applies.
const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now()
}

type Loop = 'vault' | 'transfers' | 'tss'
const LOOPS: readonly Loop[] = ['vault', 'transfers', 'tss']

export class Watcher {
  private readonly timers: Timers
  private readonly handles = new Map<Loop, unknown>()
  private readonly nextAt = new Map<Loop, number>()
  private readonly busy = new Set<Loop>()
  private readonly live = new Map<string, WatchNodeStatus>()
  private abort = new AbortController()
  private running = false
  private paused = false
  private suspended = false
  private lastPollAt: number | null = null
  private listeners = new Set<(e: WatchEvent) => void>()
  private agreeing: boolean | null = null

  constructor(private readonly d: WatcherDeps) {
    this.timers = { ...defaultTimers, ...d.timers }
  }

  /** Starts both loops: the first poll at once (it sets baselines), the next ones on schedule. */
  start(): void {
    if (this.running) return
    this.running = true
    this.abort = new AbortController()
    if (!this.paused) this.scheduleAll(0)
  }

  async stop(): Promise<void> {
    this.running = false
    this.clearAll()
    this.abort.abort()
    await this.d.state.save(this.timers.now())
    await this.d.tss?.state.save(this.timers.now(), true)
    await this.d.log.flush()
  }

  onEvent(listener: (e: WatchEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  setPaused(paused: boolean): void {
    if (paused === this.paused) return
    this.paused = paused
    if (paused) this.clearAll()
    else if (this.running) this.scheduleAll(this.interval('vault'))
  }

  /** The machine goes to sleep: no timers fire meanwhile. */
  suspend(): void {
    this.suspended = true
    this.clearAll()
  }

  /** Back from sleep: the next poll is one full interval away, never sooner (the network may still be coming up). */
  resume(): void {
    if (!this.suspended) return
    this.suspended = false
    if (this.running && !this.paused) this.scheduleAll(null)
  }

  /** A manual re-check: polls the vault (or the one transfer) now; a transfer past its watch age is watched again. */
  async recheck(txHash?: string): Promise<void> {
    if (txHash) {
      const key = txHash.toLowerCase()
      const ts = this.state().transfers[key]
      if (ts) Object.assign(ts, { watchFrom: this.timers.now(), pending: true, stuckAnnounced: false })
      await pollTransfers(this.transferDeps(), { only: key })
      await this.d.state.save(this.timers.now())
      return
    }
    await this.run('vault', true)
    await this.run('transfers', true)
    await this.run('tss', true)
  }

  watchesTss(): boolean {
    return this.enabled('tss')
  }

  /** A TSS poll now (the Cross-chain view's refresh); false when no chain answered or TSS is not watched. */
  async recheckTss(): Promise<boolean> {
    if (!this.enabled('tss')) return false
    await this.run('tss', true)
    return this.d.tss ? this.d.tss.state.profile(this.d.profileId).failures === 0 : false
  }

  status(): WatchStatus {
    const p = this.state()
    const nodes = this.d.rpcUrls.map((url): WatchNodeStatus => {
      const live = this.live.get(url)
      if (live) return live
      const n = p.nodes[url]
      return {
        url,
        ok: n ? !n.unreachable && n.failures === 0 : true,
        latencyMs: n?.latencyMs ?? null,
        lastAnswerAt: n?.lastAnswerAt ?? null,
        epoch: n?.epoch ?? null,
        publicKey: n?.publicKey ?? null,
        vaultStatus: n?.status ?? null,
        behind: n?.behind ?? false
      }
    })
    return {
      running: this.running,
      paused: this.paused,
      profileId: this.d.profileId,
      lastPollAt: this.lastPollAt,
      nextPollAt: this.nextAt.get(this.d.vault === false ? 'transfers' : 'vault') ?? null,
      nodes: redactDeep(nodes),
      vault: p.last ? { epoch: p.last.epoch, status: p.last.status } : null
    }
  }

  /** Whether the reachable nodes told the same vault at the last comparison (null before any, or with one node). */
  nodesAgree(): boolean | null {
    return this.agreeing
  }

  /** Watched transfers announced as stuck and still pending. */
  stuckTransfers(): string[] {
    return Object.entries(this.state().transfers)
      .filter(([, t]) => t.pending && t.stuckAnnounced)
      .map(([tx]) => tx)
  }

  /** Watched transfers still pending, with when watching began (for how long they have waited). */
  pendingTransfers(): { txHash: string; since: number }[] {
    const p = this.state().transfers
    return this.d
      .targets()
      .transfers.filter((t) => p[t.txHash.toLowerCase()]?.pending !== false)
      .map((t) => ({ txHash: t.txHash.toLowerCase(), since: t.addedAt }))
  }

  private state(): ReturnType<WatchState['profile']> {
    return this.d.state.profile(this.d.profileId)
  }

  private enabled(loop: Loop): boolean {
    if (loop === 'tss') return this.d.tss !== undefined
    return loop === 'vault' ? this.d.vault !== false && this.d.rpcUrls.length > 0 : this.d.transfers !== false
  }

  private interval(loop: Loop): number {
    if (loop === 'tss') return (this.d.tss?.settings().intervalSec ?? 60) * 1000
    const s = this.d.settings().pollIntervals
    return (loop === 'vault' ? s.vaultSec : s.transfersSec) * 1000
  }

  /** `delay` null = one interval per loop. */
  private scheduleAll(delay: number | null): void {
    for (const loop of LOOPS) if (this.enabled(loop)) this.schedule(loop, delay ?? this.interval(loop))
  }

  private schedule(loop: Loop, ms: number): void {
    const old = this.handles.get(loop)
    if (old !== undefined) this.timers.clearTimeout(old)
    this.nextAt.set(loop, this.timers.now() + ms)
    this.handles.set(
      loop,
      this.timers.setTimeout(() => {
        this.handles.delete(loop)
        void this.run(loop, false)
      }, ms)
    )
  }

  private clearAll(): void {
    for (const h of this.handles.values()) this.timers.clearTimeout(h)
    this.handles.clear()
    this.nextAt.clear()
  }

  private active(): boolean {
    return this.running && !this.paused && !this.suspended
  }

  private async run(loop: Loop, manual: boolean): Promise<void> {
    if (!this.enabled(loop)) return
    if (this.busy.has(loop)) {
      // A re-check is running this loop: keep the schedule alive rather than drop it.
      if (!manual && this.active()) this.schedule(loop, this.interval(loop))
      return
    }
    this.busy.add(loop)
    let failures = 0
    try {
      if (loop === 'vault') {
        const p = this.state()
        const ok = await pollVault({
          profileId: this.d.profileId,
          client: this.d.client,
          rpcUrls: this.d.rpcUrls,
          state: p,
          announce: (draft) => this.announce(draft),
          now: this.timers.now,
          unreachableAfter: this.d.settings().unreachableAfterFailures,
          cache: this.d.cache ?? null,
          signal: this.abort.signal,
          live: this.live,
          agreement: (agree) => (this.agreeing = agree)
        })
        p.vaultFailures = ok ? 0 : p.vaultFailures + 1
        failures = p.vaultFailures
        this.lastPollAt = this.timers.now()
      } else if (loop === 'tss' && this.d.tss) {
        const tss = this.d.tss
        const p = tss.state.profile(this.d.profileId)
        await pollTss({
          client: tss.client,
          chains: await tss.chains(),
          state: p,
          announce: (draft) => this.announce(draft),
          now: this.timers.now,
          settings: tss.settings(),
          signal: this.abort.signal
        })
        failures = p.failures
        await tss.state.save(this.timers.now())
      } else {
        await pollTransfers(this.transferDeps(), { force: manual })
      }
      await this.d.state.save(this.timers.now())
    } catch {
      // an unexpected failure counts as a failed poll; the loop goes on
      failures = Math.max(1, this.state().vaultFailures)
    } finally {
      this.busy.delete(loop)
    }
    this.d.onPolled?.()
    // A manual re-check does not move the schedule; a scheduled poll sets the next one.
    if (!manual && this.active()) this.schedule(loop, loop !== 'transfers' ? nextDelayMs(this.interval(loop), failures, this.d.random) : this.interval(loop))
  }

  private transferDeps(): Parameters<typeof pollTransfers>[0] {
    return {
      client: this.d.client,
      state: this.state(),
      announce: (draft) => this.announce(draft),
      now: this.timers.now,
      settings: this.d.settings(),
      targets: this.d.targets(),
      signal: this.abort.signal
    }
  }

  /** One change, one event: skipped if this id was announced before (also before a restart). */
  private announce(draft: EventDraft): boolean {
    if (this.d.state.wasAnnounced(this.d.profileId, draft.id)) return false
    this.d.state.markAnnounced(this.d.profileId, draft.id)
    // Node URLs may carry an API key: what leaves the watcher (log, push, notification) never shows it.
    const event = redactDeep({ ...draft, at: this.timers.now(), profileId: this.d.profileId } as WatchEvent)
    void this.d.log.append(event)
    this.d.emit?.(event)
    for (const l of this.listeners) l(event)
    const href = watchEventHref(event)
    this.d.notify?.({ title: event.title, body: event.body, onClick: () => this.d.open?.(href) })
    return true
  }
}
