// The app's watch: one Watcher for the active profile, restarted when the active profile (or its endpoints)
// change, with state and activity log under <data>/watch shared across profiles. The handlers of watch:*
// channels call this; Electron's tray and power events call pause/suspend/resume.
import { join } from 'node:path'
import { redactDeep } from '@shared/redact'
import type { WatchEvent, WatchStatus } from '@shared/watch'
import type { LogQuery } from './activity-log'
import { ActivityLog } from './activity-log'
import type { DiskCache } from '../store'
import { WatchState } from './state'
import type { Notify, Timers, WatchClient, WatchSettings, WatchTargets } from './types'
import { profilePollers } from './pollers'
import type { TssWatchDeps } from './tss-poll'
import { Watcher } from './watcher'
import type { WatchChainCheck } from './chain-watch'
import type { KeepersWatchDeps } from './keepers-poll'

export interface WatchServiceDeps {
  dataDir: string
  cache: DiskCache | null
  settings: () => WatchSettings
  targets: () => WatchTargets
  /** resolves the active profile's client and node URLs (starts the demo network if needed), and its TSS API */
  endpoint: () => Promise<{ profileId: string; client: WatchClient; rpcUrls: readonly string[]; tss?: TssWatchDeps; chainCheck?: WatchChainCheck; keepers?: KeepersWatchDeps }>
  emit?: (e: WatchEvent) => void
  /** the webhook sinks of Settings → Alerts: every event, queued, never waited for */
  alerts?: { send(e: WatchEvent): void }
  notify?: Notify
  open?: (href: string) => void
  timers?: Partial<Timers>
}

export class WatchService {
  private watcher: Watcher | null = null
  private paused = false
  private starting: Promise<void> | null = null
  private listeners = new Set<(s: WatchStatus) => void>()

  private constructor(
    private readonly d: WatchServiceDeps,
    private readonly state: WatchState,
    readonly log: ActivityLog
  ) {}

  static async open(d: WatchServiceDeps): Promise<WatchService> {
    const dir = join(d.dataDir, 'watch')
    return new WatchService(d, await WatchState.open(dir), await ActivityLog.open(dir))
  }

  /** (Re)starts on the active profile; an endpoint that cannot be resolved leaves the watch stopped. */
  restart(): Promise<void> {
    const run = async (): Promise<void> => {
      await this.watcher?.stop()
      this.watcher = null
      try {
        const e = await this.d.endpoint()
        const pollers = profilePollers({
          profileId: e.profileId,
          client: e.client,
          rpcUrls: e.rpcUrls,
          settings: this.d.settings,
          targets: this.d.targets,
          state: this.state,
          cache: this.d.cache,
          ...(e.tss ? { tss: e.tss } : {}),
          ...(e.chainCheck ? { chainCheck: e.chainCheck } : {}),
          ...(e.keepers ? { keepers: e.keepers } : {})
        })
        this.watcher = new Watcher({
          profileId: e.profileId,
          pollers: pollers.all,
          state: this.state,
          log: this.log,
          onPolled: () => this.changed(),
          emit: (event) => {
            this.d.emit?.(event)
            this.d.alerts?.send(event)
          },
          ...(this.d.notify ? { notify: this.d.notify } : {}),
          ...(this.d.open ? { open: this.d.open } : {}),
          ...(this.d.timers ? { timers: this.d.timers } : {})
        })
        this.watcher.onEvent(() => this.changed())
        this.watcher.setPaused(this.paused)
        this.watcher.start()
      } catch {
        // e.g. a profile without a base URL: nothing to watch until it is fixed
      }
      this.changed()
    }
    const previous = this.starting ?? Promise.resolve()
    this.starting = previous.then(run)
    return this.starting
  }

  async stop(): Promise<void> {
    await this.starting
    await this.watcher?.stop()
    this.watcher = null
  }

  status(): WatchStatus {
    return (
      this.watcher?.status() ?? {
        running: false,
        paused: this.paused,
        profileId: null,
        lastPollAt: null,
        nextPollAt: null,
        nodes: [],
        vault: null
      }
    )
  }

  setPaused(paused: boolean): WatchStatus {
    this.paused = paused
    this.watcher?.setPaused(paused)
    this.changed()
    return this.status()
  }

  suspend(): void {
    this.watcher?.suspend()
  }

  resume(): void {
    this.watcher?.resume()
  }

  /** A TSS poll now; false when no chain answered, or nothing watches TSS (no watcher, no TSS API). */
  async recheckTss(): Promise<boolean> {
    await this.starting
    return this.watcher ? this.watcher.pollNow('tss') : false
  }

  /** Whether the running watcher polls a TSS API. */
  watchesTss(): boolean {
    return this.watcher?.watches('tss') ?? false
  }

  async recheck(txHash?: string): Promise<WatchStatus> {
    await this.watcher?.recheck(txHash)
    return this.status()
  }

  /** An event that is not the watcher's (a webhook that gave up): logged and pushed, never sent to sinks. */
  note(e: WatchEvent): void {
    const safe = redactDeep(e)
    void this.log.append(safe)
    this.d.emit?.(safe)
  }

  readLog(q: LogQuery): WatchEvent[] {
    return this.log.read(q)
  }

  /** Status listeners: the tray tooltip follows the vault. */
  onStatus(listener: (s: WatchStatus) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private changed(): void {
    const s = this.status()
    for (const l of this.listeners) l(s)
  }
}
