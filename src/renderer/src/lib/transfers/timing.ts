// What the record's own fields say about how long a transfer took, and whether it is stuck. The meaning of
// `state` follows MAP's own front-end (src/shared/states.ts): 1 is Complete; a transfer whose state is not 1
// and that has no receive hash is not yet delivered.
import type { Settings } from '@shared/schemas/settings'
import { COMPLETE_STATE, notDelivered } from '@shared/states'
import { deliveryMs, sentAt, type TimedTransfer } from '@shared/transfer-time'
import { durationMsText } from '@shared/format'

export const COMPLETED_STATE = COMPLETE_STATE
export const DEFAULT_STUCK_MINUTES = 120


export interface Legs {
  /** source send → source confirm, in blocks (its time is not published) */
  confirmBlocks: number | null
  /** send → receipt, ms: updatedAt − timestamp, only for a completed transfer */
  totalMs: number | null
  /** short text for the table cell */
  text: string
  /** what was measured and what could not be, for the tooltip */
  explain: string
}

export function legs(r: TimedTransfer): Legs {
  const confirmBlocks = r.confirmHeight > 0 && r.height > 0 && r.confirmHeight >= r.height ? r.confirmHeight - r.height : null
  const completed = r.state === COMPLETED_STATE
  const totalMs = deliveryMs(r)
  const text = durationMsText(totalMs)
  const explain = [
    `Sent → confirmed on the source chain: ${confirmBlocks === null ? '— (heights missing)' : `${confirmBlocks} blocks (height ${r.height} → ${r.confirmHeight}); the service gives no time for it`}.`,
    `Sent → received: ${
      totalMs === null
        ? completed
          ? '— (timestamps missing or out of order)'
          : '— (not received yet)'
        : `${durationMsText(totalMs)}, from the record's timestamp to its last update (updatedAt), which is when it completed`
    }.`
  ].join('\n')
  return { confirmBlocks, totalMs, text, explain }
}

export function stuckMinutes(settings: Pick<Settings, 'stuckThresholds'> | null, fromChainId: number, toChainId: number): number {
  const t = settings?.stuckThresholds
  return t?.routes[`${fromChainId}-${toChainId}`] ?? t?.defaultMinutes ?? DEFAULT_STUCK_MINUTES
}

/** Not yet delivered for longer than the user's threshold for its route. */
export function isStuck(r: TimedTransfer, settings: Pick<Settings, 'stuckThresholds'> | null, now: number): boolean {
  if (!notDelivered(r, r.transferinHash)) return false
  const sent = sentAt(r)
  if (Number.isNaN(sent)) return false
  return now - sent > stuckMinutes(settings, r.fromChainid, r.toChainid) * 60_000
}
