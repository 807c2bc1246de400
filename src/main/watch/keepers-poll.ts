// The vault's keepers as a poller of the watch: each round reads the relay chain's Maintainers and TSSManager,
// every maintainer's health server and, with the solvency check on, each vault's books against the chains
// (src/main/keepers does the reading), then says what changed (keepers-events.ts). The last round is kept for
// the metrics, which read it at scrape time.
import { toErrorData } from '@shared/errors'
import type { KeepersReport, SolvencyReport } from '@shared/keepers'
import { observeKeepers, type KeepersCheckSettings } from './keepers-events'
import type { Poller, PollReport, PollRun } from './poller'
import type { WatchState } from './state'

export interface KeepersWatchSettings extends KeepersCheckSettings {
  intervalSec: number
}

export interface KeepersRoundResult {
  keepers: KeepersReport | null
  solvency: SolvencyReport | null
}

export interface KeepersWatchDeps {
  /** one round; the solvency only when asked (the maintainers are read either way: their scanners judge the books) */
  read(check: { solvency: boolean; maxScannerLag: number }, signal: AbortSignal): Promise<KeepersRoundResult>
  settings(): KeepersWatchSettings
}

/** The last round, and when it was read. */
export interface KeepersStanding {
  round: KeepersRoundResult
  at: number
}

export class KeepersPoller implements Poller {
  readonly name = 'keepers'
  readonly backsOff = true
  private failures = 0
  private lastRound: KeepersStanding | null = null
  private error: string | null = null

  constructor(
    private readonly profileId: string,
    private readonly state: WatchState,
    private readonly d: KeepersWatchDeps
  ) {}

  intervalMs(): number {
    return this.d.settings().intervalSec * 1000
  }

  async poll(run: PollRun): Promise<PollReport> {
    const s = this.d.settings()
    let round: KeepersRoundResult
    try {
      round = await this.d.read({ solvency: s.solvency, maxScannerLag: s.maxScannerLag }, run.signal)
    } catch (error) {
      this.failures += 1
      this.error = toErrorData(error).message
      return { failures: this.failures }
    }
    this.failures = 0
    this.error = null
    const now = run.now()
    this.lastRound = { round, at: now }
    observeKeepers(round, this.state.profile(this.profileId).keepers, s, run.announce, now)
    return { failures: 0 }
  }

  /** the last round that read the relay chain, null before one did */
  last(): KeepersStanding | null {
    return this.lastRound
  }

  /** whether the last round read the relay chain; null before any round */
  up(): boolean | null {
    if (this.failures > 0) return false
    return this.lastRound === null ? null : true
  }

  /** why the last round failed, null when it did not */
  lastError(): string | null {
    return this.error
  }
}
