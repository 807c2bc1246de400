// What the watcher needs from the rest of main, as small interfaces so tests and the CLI can pass their own.
import type { Settings, Watchlists } from '@shared/schemas/settings'
import type { VaultResult } from '@shared/schemas/vault'
import type { HistoryPage, TransferDetail } from '@shared/schemas/wire'
import type { WatchEvent } from '@shared/watch'

export interface WatchClient {
  /** what the dialect offers (src/main/client/query-client.ts); absent: everything, as our original service */
  readonly operations?: readonly string[]
  getVault(epoch: string | number, options?: { signal?: AbortSignal; rpcUrl?: string }): Promise<VaultResult>
  queryBridgeInfo(txHash: string, options?: { signal?: AbortSignal }): Promise<TransferDetail>
  queryHistory(
    input: { address: string; chainId: number; pageNo?: number; pageSize?: number },
    options?: { signal?: AbortSignal }
  ): Promise<HistoryPage>
}

export type WatchSettings = Pick<
  Settings,
  'pollIntervals' | 'unreachableAfterFailures' | 'maxWatchAgeHours' | 'stuckThresholds'
>
export type WatchTargets = Pick<Watchlists, 'addresses' | 'transfers'>

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  now: () => number
}

/** A desktop notification; Electron's Notification in the app, a recorder in tests, nothing in the harness. */
export interface WatchNotification {
  title: string
  body: string
  onClick: () => void
}
export type Notify = (n: WatchNotification) => void

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
/** An event before the watcher stamps it with time and profile. */
export type EventDraft = DistributiveOmit<WatchEvent, 'at' | 'profileId'>
/** Raises an event unless its id was announced before; resolves true when it was new. */
export type Announce = (draft: EventDraft) => boolean
