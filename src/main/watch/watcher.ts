// The watcher core of one profile: a set of pollers (poller.ts) — the vault's nodes, the watch lists, MAP's TSS
// API — each on its own schedule (one interval after a success, jittered exponential back-off after failures
// for those that back off), every new change turned into exactly one event, and its memory kept in
// WatchState so a restart repeats nothing. An event leaves (log, push, notification, sinks) as it is
// announced and the poll's state is saved after: a process killed in between announces it again on restart,
// so a sink that must not lose one keeps a durable outbox that skips what it already has (the CLI's webhooks,
// src/cli/webhook-outbox.ts). No Electron here: timers, notifications and the pollers are injected, so the app, the CLI and tests run the
// same code.
import { watchEventHref, type WatchEvent, type WatchNodeStatus, type WatchStatus } from '@shared/watch'
import { redactDeep } from '@shared/redact'
import type { ActivityLog } from './activity-log'
import { nextDelayMs } from './backoff'
import type { Poller, PollReport, PollRun } from './poller'
import type { WatchState } from './state'
import type { EventDraft, Notify, Timers } from './types'

export interface WatcherDeps {
  profileId: string
  /** what is watched, in the order a re-check polls them */
  pollers: readonly Poller[]
  state: WatchState
  log: ActivityLog
  /** push to the renderer (`watch:event`) */
  emit?: (e: WatchEvent) => void
  notify?: Notify
  /** opens the app window at a hash route, for a notification's click */
  open?: (href: string) => void
  timers?: Partial<Timers>
  random?: () => number
  /** after every poll, with what it found (the tray tooltip follows the vault, the CLI's metrics time the nodes) */
  onPolled?: (poller: Poller, report: PollReport) => void
}

// Resolved at call time, so vi.useFakeTimers() installed after construction still applies.
const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now()
}

export class Watcher {
  private readonly timers: Timers
  private readonly handles = new Map<Poller, unknown>()
  private readonly nextAt = new Map<Poller, number>()
  private readonly busy = new Set<Poller>()
  private readonly failures = new Map<Poller, number>()
  /** how each node stood after the last poll that asked it (errors are not persisted) */
  private readonly heard = new Map<string, WatchNodeStatus>()
  private abort = new AbortController()
  private running = false
  private paused = false
  private suspended = false
  private lastPollAt: number | null = null
  private listeners = new Set<(e: WatchEvent) => void>()

  constructor(private readonly d: WatcherDeps) {
    this.timers = { ...defaultTimers, ...d.timers }
  }

  /** Starts every poller: the first poll at once (it sets baselines), the next ones on schedule. */
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
    for (const p of this.d.pollers) await p.save?.(this.timers.now(), true)
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
    // back from a pause, every poller is one leading interval away (the vault's, as the app shows it)
    else if (this.running) this.scheduleAll(this.leader()?.intervalMs() ?? null)
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

  /** A manual re-check: every poller now, or the one target (a transfer hash) that a poller knows. */
  async recheck(target?: string): Promise<void> {
    if (target) {
      for (const p of this.d.pollers) await p.recheckOne?.(target, this.pollRun(true))
      await this.d.state.save(this.timers.now())
      return
    }
    for (const p of this.d.pollers) await this.run(p, true)
  }

  /** Whether a poller of that name is watching. */
  watches(name: string): boolean {
    return this.d.pollers.some((p) => p.name === name)
  }

  /** That poller polled now (a view's refresh); false when it failed or is not watching. */
  async pollNow(name: string): Promise<boolean> {
    const p = this.d.pollers.find((x) => x.name === name)
    if (!p) return false
    await this.run(p, true)
    return this.failures.get(p) === 0
  }

  status(): WatchStatus {
    const standing = this.d.pollers.map((p) => p.standing?.() ?? {})
    const nodes = standing.flatMap((s) => s.nodes ?? []).map((n) => this.heard.get(n.url) ?? n)
    const leader = this.leader()
    return {
      running: this.running,
      paused: this.paused,
      profileId: this.d.profileId,
      lastPollAt: this.lastPollAt,
      nextPollAt: (leader && this.nextAt.get(leader)) ?? null,
      nodes: redactDeep(nodes),
      vault: standing.find((s) => s.vault !== undefined)?.vault ?? null
    }
  }

  private leader(): Poller | undefined {
    return this.d.pollers.find((p) => p.leads)
  }

  /** `delay` null = one interval per poller. */
  private scheduleAll(delay: number | null): void {
    for (const p of this.d.pollers) this.schedule(p, delay ?? p.intervalMs())
  }

  private schedule(p: Poller, ms: number): void {
    const old = this.handles.get(p)
    if (old !== undefined) this.timers.clearTimeout(old)
    this.nextAt.set(p, this.timers.now() + ms)
    this.handles.set(
      p,
      this.timers.setTimeout(() => {
        this.handles.delete(p)
        void this.run(p, false)
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

  private pollRun(manual: boolean): PollRun {
    return { announce: (draft) => this.announce(draft), now: this.timers.now, signal: this.abort.signal, manual }
  }

  private async run(p: Poller, manual: boolean): Promise<void> {
    if (this.busy.has(p)) {
      // A re-check is running this poller: keep the schedule alive rather than drop it.
      if (!manual && this.active()) this.schedule(p, p.intervalMs())
      return
    }
    this.busy.add(p)
    let report: PollReport
    try {
      report = await p.poll(this.pollRun(manual))
      for (const n of report.nodes ?? []) this.heard.set(n.url, n)
      if (report.nodes) this.lastPollAt = this.timers.now()
      await p.save?.(this.timers.now(), false)
      await this.d.state.save(this.timers.now())
    } catch {
      // an unexpected failure counts as a failed poll; the loop goes on
      report = { failures: Math.max(1, this.failures.get(p) ?? 0) }
    } finally {
      this.busy.delete(p)
    }
    this.failures.set(p, report.failures)
    this.d.onPolled?.(p, report)
    // A manual re-check does not move the schedule; a scheduled poll sets the next one.
    if (!manual && this.active()) this.schedule(p, p.backsOff ? nextDelayMs(p.intervalMs(), report.failures, this.d.random) : p.intervalMs())
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
