// The maintainers' board of MAP's TSS cross-chain API, as the watcher core keeps it and the Cross-chain view,
// the metrics and the CLI read it: per followed chain its scan height, how fast it moves, since when it has
// not, and its pending orders with their age. A schema too, because the last board is cached for offline.
import { z } from 'zod'
import { tssOrderSchema } from './tss'

export const tssPendingOrderSchema = z.object({
  tx: z.string(),
  /** seconds since the order's source leg; since we first saw it when MAP gave no source time */
  ageSec: z.number().nullable(),
  ageFrom: z.enum(['source', 'seen']),
  orderId: z.string().nullable(),
  status: z.string().nullable(),
  /** "fromChainId-toChainId" */
  route: z.string().nullable(),
  /** past its route's stuck threshold */
  stuck: z.boolean()
})
export type TssPendingOrder = z.infer<typeof tssPendingOrderSchema>

export const tssChainBoardSchema = z.object({
  chainId: z.string(),
  /** from the chain list; '' for a chain added by id */
  name: z.string(),
  /** true when the user added it by id (it can be removed again) */
  added: z.boolean(),
  height: z.string().nullable(),
  /** blocks per minute over the last quarter hour of polls; null with fewer than two */
  blocksPerMinute: z.number().nullable(),
  /** epoch ms when the height last moved (or was first seen) */
  movedAt: z.number().nullable(),
  stalled: z.boolean(),
  pendingCount: z.number(),
  oldestPendingSec: z.number().nullable(),
  /** oldest first; at most 200 */
  pending: z.array(tssPendingOrderSchema),
  /** the last poll's failure for this chain, as a message */
  error: z.string().nullable(),
  /** epoch ms of the last answer for this chain */
  checkedAt: z.number().nullable()
})
export type TssChainBoard = z.infer<typeof tssChainBoardSchema>

export const tssBoardSchema = z.object({
  /** epoch ms the board describes */
  at: z.number(),
  stallMinutes: z.number(),
  chains: z.array(tssChainBoardSchema)
})
export type TssBoard = z.infer<typeof tssBoardSchema>

/** A traced order and which operation found it (order id or transaction hash). */
export const tssTraceSchema = z.object({ order: tssOrderSchema, via: z.enum(['order', 'tx']) })
export type TssTraceResult = z.infer<typeof tssTraceSchema>
