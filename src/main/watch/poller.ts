// The one shape every watched thing takes in the watcher core (watcher.ts): a poller knows how to ask its
// source and what counts as news; the core decides when it polls, keeps each change to one event, tells the
// sinks and saves what was learnt. Vault nodes (vault-poll.ts), watch lists (transfer-poll.ts) and MAP's TSS
// API (tss-poll.ts) are the three pollers today; a new source is a new poller, not a new branch in the core.
import type { WatchNodeStatus, WatchStatus } from '@shared/watch'
import type { Announce } from './types'

/** What the core hands a poller for one poll. */
export interface PollRun {
  /** raises an event unless its id was announced before (also before a restart) */
  announce: Announce
  now: () => number
  /** aborts when the watch stops */
  signal: AbortSignal
  /** a user's re-check rather than the schedule */
  manual: boolean
}

/** What one poll found out, beyond the events it announced. */
export interface PollReport {
  /** failed polls in a row, 0 after a success: the core backs off by it */
  failures: number
  /** the nodes this poll asked, as they stand after it (latency or error): the status and the metrics read them */
  nodes?: readonly WatchNodeStatus[]
}

export interface Poller {
  /** one word for the loop ('vault', 'transfers', 'tss') */
  readonly name: string
  /** the time between two polls */
  intervalMs(): number
  /** true: jittered exponential back-off after failures; false: always one interval */
  readonly backsOff: boolean
  /** its next poll is the one status() tells (the app's "next poll in …") */
  readonly leads?: boolean
  poll(run: PollRun): Promise<PollReport>
  /** what it keeps beyond the core's state file, written after each poll and (final) when the watch stops */
  save?(now: number, final: boolean): Promise<void>
  /** a re-check of one target it knows (a transfer hash), at once and out of schedule */
  recheckOne?(key: string, run: PollRun): Promise<void>
  /** its part of status() as persisted: the nodes before this run heard from them, the vault last seen */
  standing?(): Partial<Pick<WatchStatus, 'nodes' | 'vault'>>
}
