// When a transfer found by its hash was sent and last updated, and who said so. A service's single transfer
// often carries no times (our original queryBridgeInfo, Butter's), so main looks where the service allows, in
// this order for each time: the transfer's own detail; its record in the sender's history, page by page past the
// first; and the legs' own blocks on their chains (eth_getBlockByNumber at the height the service names, asked
// of the chain check's RPC: the user's for that chain, else the service's chain list's). Each time found carries
// its source, so the view says which one gave it; what was asked and gave nothing is said too.
import type { RpcSource } from './chain-check'
import type { TransferDetail } from './schemas/wire'
import { transferOfDetail, type Transfer } from './transfer'

/** A leg's block as its chain tells it: when it was mined, and which RPC said so. */
export interface LegBlockTime {
  role: 'Source' | 'Destination'
  chainId: number
  chainName: string
  block: number
  /** epoch seconds, the block's own timestamp */
  time: number
  /** the RPC asked, redacted */
  rpc: string
  rpcSource: RpcSource
}

export type TimeSource =
  | { kind: 'detail' }
  | { kind: 'history'; pageNo: number; pageSize: number }
  /** the row the transfer was opened from, in a history the Transfers view had loaded */
  | { kind: 'opened' }
  | ({ kind: 'chain' } & LegBlockTime)

export interface FoundTime {
  /** ISO 8601 UTC, whole seconds */
  at: string
  source: TimeSource
}

export interface FoundTimes {
  txHash: string
  sent: FoundTime | null
  /** the service's last update; for a delivered transfer the chain's word is its destination leg's block */
  updated: FoundTime | null
  /** each place asked that gave no time, and why, in words ("the sender's history: not among its 561 transfers") */
  notes: string[]
}

/** The source of a time, in the words shown beside it. */
export function timeSourceText(s: TimeSource): string {
  switch (s.kind) {
    case 'detail':
      return "from the service's transfer detail"
    case 'history':
      return `from the sender's history at the service (page ${s.pageNo}, ${s.pageSize} a page)`
    case 'opened':
      return "from the sender's history loaded in Transfers"
    case 'chain':
      return `from the ${s.role.toLowerCase()} transaction's block ${s.block} on ${s.chainName} (${s.chainId}), asked of ${s.rpcSource === 'user' ? 'your RPC' : "the service's RPC"} ${s.rpc}`
  }
}

/** The detail's transfer with the times found: what the duration and the stuck mark are read from; null without a sent time. */
export function timedWith(d: TransferDetail, times: Pick<FoundTimes, 'sent' | 'updated'>): Transfer | null {
  if (times.sent === null) return null
  return { ...transferOfDetail(d), times: { sent: times.sent.at, updated: times.updated?.at ?? null } }
}
