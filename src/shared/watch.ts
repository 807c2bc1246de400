// The vault and transfer watch, as the renderer and the CLI see it: the push event `watch:event`, the entries
// of the activity log (the same objects) and `watch:status`. Main's watcher (src/main/watch) produces them.
import type { AppErrorData } from './errors'
import type { JsonValue } from './schemas/vault'
import type { LegRole } from './transfer-legs'

/** What a chain can say against the service about a leg: the outcomes a watcher announces. */
export type ChainContradiction = 'disagrees' | 'not-found' | 'reverted'

/** One difference between two JSON values (or two vault snapshots), at a readable path like `addresses[56]`. */
export interface JsonChange {
  path: string
  kind: 'added' | 'removed' | 'changed'
  before?: JsonValue
  after?: JsonValue
}

interface EventBase {
  /** stable for the same change: the watcher never announces an id twice, even across restarts */
  id: string
  /** epoch milliseconds */
  at: number
  profileId: string
  title: string
  body: string
}

export type WatchEvent = EventBase &
  (
    | { kind: 'vault-change'; epochBefore: string | null; epochAfter: string | null; changes: JsonChange[] }
    | { kind: 'node-unreachable'; url: string; failures: number; error?: AppErrorData }
    | { kind: 'node-recovered'; url: string; downSince: number | null }
    | { kind: 'nodes-disagree'; epoch: string | null; fields: string[]; nodes: string[] }
    /** a node reports an older epoch than another: news about the node, never a change of the vault */
    | { kind: 'node-behind'; url: string; epoch: string; highest: string; ahead: string[] }
    | { kind: 'node-caught-up'; url: string; epoch: string; behindSince: number | null }
    | { kind: 'transfer-change'; txHash: string; stateBefore: number | null; stateAfter: number; legsFilled: TransferLeg[] }
    | { kind: 'new-transfers'; address: string; chainId: number; hashes: string[] }
    | { kind: 'stuck'; txHash: string; route: string; pendingMinutes: number }
    /** a watched transfer ended without delivery: the money went back, or the transfer failed (its state table) */
    | { kind: 'refunded' | 'failed'; txHash: string; route: string; state: number }
    /** a watched transfer's legs contradict their chains (src/main/watch/chain-watch.ts) */
    | { kind: 'chain-disagrees'; txHash: string; route: string; legs: { role: LegRole; outcome: ChainContradiction; text: string }[] }
    /** a webhook sink gave up on an event (after its retries): logged, never sent to the sinks again */
    | { kind: 'alert-failed'; sinkId: string; reason: string }
    // MAP's TSS cross-chain API (src/main/watch/tss-poll.ts)
    /** a chain's scan height has not moved for the stall threshold */
    | { kind: 'tss-stalled'; chainId: string; height: string | null; since: number }
    /** a stalled chain's scan height moves again */
    | { kind: 'tss-scan-recovered'; chainId: string; height: string | null; stalledSince: number }
    /** an order has stayed pending past its route's stuck threshold */
    | { kind: 'tss-order-stuck'; chainId: string; txHash: string; orderId: string | null; route: string | null; pendingMinutes: number }
    | { kind: 'tss-unreachable'; url: string; failures: number; error?: AppErrorData }
    | { kind: 'tss-recovered'; url: string; downSince: number | null }
    // the vault's keepers (src/main/watch/keepers-poll.ts): each said when it starts and when it ends
    /** a maintainer's last heartbeat on the relay chain is older than the stale threshold (null: never) */
    | { kind: 'keeper-heartbeat-stale'; maintainer: string; lastHeartbeat: number | null; staleAfterSec: number }
    | { kind: 'keeper-heartbeat-resumed'; maintainer: string; staleSince: number }
    /** a maintainer's compass-tss health server has not answered for a few rounds */
    | { kind: 'keeper-node-down'; maintainer: string; reason: string; rounds: number }
    | { kind: 'keeper-node-up'; maintainer: string; downSince: number }
    /** a maintainer's node scans a chain more than the allowed blocks behind it */
    | { kind: 'keeper-scanner-lagging'; maintainer: string; chain: string; lagBlocks: number; maxLag: number }
    | { kind: 'keeper-scanner-caught-up'; maintainer: string; chain: string; lagBlocks: number; laggingSince: number }
    /** a maintainer's slash points in the epoch went up since the last round */
    | { kind: 'keeper-slash-rising'; maintainer: string; epoch: string; before: string; after: string }
    /** a vault holds less of a token on a chain than its books say, beyond the threshold (finalized balances) */
    | { kind: 'vault-short'; vault: string; chainId: string; token: string; gap: string | null; gapPct: string; thresholdPct: string }
    | { kind: 'vault-solvent'; vault: string; chainId: string; token: string; shortSince: number }
  )

export type WatchEventKind = WatchEvent['kind']
export type TransferLeg = 'relayer' | 'destination'

export interface WatchNodeStatus {
  url: string
  latencyMs: number | null
  lastAnswerAt: number | null
  ok: boolean
  error?: AppErrorData
  /** the node's own latest epoch, public key and status: the last it reported (kept while it is down) */
  epoch?: string | null
  publicKey?: string | null
  vaultStatus?: string | null
  /** it reports an older epoch than the vault's highest (announced after a few polls; see node-behind) */
  behind?: boolean
}

export interface WatchStatus {
  running: boolean
  paused: boolean
  profileId: string | null
  lastPollAt: number | null
  nextPollAt: number | null
  nodes: WatchNodeStatus[]
  vault: { epoch: string | null; status: string | null } | null
}

/** Where clicking an alert leads: the vault view at that diff, or the transfer. */
export function watchEventHref(e: WatchEvent): string {
  if (e.kind === 'transfer-change' || e.kind === 'stuck' || e.kind === 'refunded' || e.kind === 'failed' || e.kind === 'chain-disagrees') return `#/transfer?txHash=${encodeURIComponent(e.txHash)}`
  if (e.kind === 'alert-failed') return '#/settings'
  if (e.kind === 'tss-order-stuck') return `#/crosschain?trace=${encodeURIComponent(e.orderId ?? e.txHash)}`
  if (e.kind === 'tss-stalled' || e.kind === 'tss-scan-recovered') return `#/crosschain?chain=${encodeURIComponent(e.chainId)}`
  if (e.kind === 'tss-unreachable' || e.kind === 'tss-recovered') return '#/crosschain'
  if (e.kind.startsWith('keeper-') || e.kind === 'vault-short' || e.kind === 'vault-solvent') return '#/vault'
  if (e.kind === 'new-transfers') return `#/transfers?address=${encodeURIComponent(e.address)}&chainId=${e.chainId}`
  return `#/vault?diff=${encodeURIComponent(e.id)}`
}
