// What a transfer's own times say about how long it took, and whether it is stuck — read from the transfer model
// (src/shared/transfer.ts), whatever service told of it. Only a transfer the service still has in flight can be
// stuck (a refund and a failure are ends of their own; a state no source names is unknown): one whose receive
// transaction is already on its destination chain while its service still says it is on its way is stuck in the
// service's books, and is marked too.
import type { Settings } from '@shared/schemas/settings'
import { canBeStuck } from '@shared/outcome'
import { transferDeliveryMs, type ModelLeg, type Transfer } from '@shared/transfer'
import { durationMsText } from '@shared/format'

export const DEFAULT_STUCK_MINUTES = 120

/** What the times of a transfer are read with: a table row and the whole model alike. */
export interface TimedTransfer extends Pick<Transfer, 'outcome' | 'times'> {
  legs: { source: Pick<ModelLeg, 'chainId' | 'height' | 'confirmHeight'>; destination: Pick<ModelLeg, 'chainId' | 'hash'> }
}

export interface Legs {
  /** source send → source confirm, in blocks (its time is not published) */
  confirmBlocks: number | null
  /** send → receipt, ms: the last update − sent, only for a delivered transfer */
  totalMs: number | null
  /** short text for the table cell */
  text: string
  /** what was measured and what could not be, for the tooltip */
  explain: string
}

function notMeasured(t: TimedTransfer): string {
  if (t.outcome === 'delivered') return '— (times missing or out of order)'
  if (t.outcome === 'refunded') return '— (refunded: nothing was received)'
  if (t.outcome === 'failed') return '— (failed: nothing was received)'
  if (t.outcome === 'unknown') return '— (the service names no outcome for this state)'
  return t.legs.destination.hash ? '— (the receive transaction exists, but the service has not completed the transfer)' : '— (not received yet)'
}

export function legs(t: TimedTransfer): Legs {
  const { height, confirmHeight } = t.legs.source
  const confirmBlocks = height !== null && confirmHeight !== null && confirmHeight >= height ? confirmHeight - height : null
  const totalMs = transferDeliveryMs(t)
  const text = durationMsText(totalMs)
  const explain = [
    `Sent → confirmed on the source chain: ${confirmBlocks === null ? '— (heights missing)' : `${confirmBlocks} blocks (height ${height} → ${confirmHeight}); the service gives no time for it`}.`,
    `Sent → received: ${totalMs === null ? notMeasured(t) : `${durationMsText(totalMs)}, from the sent time to the last update, which is when it was delivered`}.`
  ].join('\n')
  return { confirmBlocks, totalMs, text, explain }
}

export function stuckMinutes(settings: Pick<Settings, 'stuckThresholds'> | null, fromChainId: number | null, toChainId: number | null): number {
  const t = settings?.stuckThresholds
  return t?.routes[`${fromChainId ?? '?'}-${toChainId ?? '?'}`] ?? t?.defaultMinutes ?? DEFAULT_STUCK_MINUTES
}

/** In flight by its service's word for longer than the user's threshold for its route. */
export function isStuck(t: TimedTransfer, settings: Pick<Settings, 'stuckThresholds'> | null, now: number): boolean {
  if (!canBeStuck(t.outcome) || t.times.sent === null) return false
  const sent = Date.parse(t.times.sent)
  if (Number.isNaN(sent)) return false
  return now - sent > stuckMinutes(settings, t.legs.source.chainId, t.legs.destination.chainId) * 60_000
}

/** Why a row is marked stuck, for its tooltip. */
export function stuckWhy(t: TimedTransfer, settings: Pick<Settings, 'stuckThresholds'> | null): string {
  const minutes = stuckMinutes(settings, t.legs.source.chainId, t.legs.destination.chainId)
  const what = t.legs.destination.hash ? 'Its receive transaction exists, but the service still has it in flight' : 'In flight (no refund, no failure, nothing received)'
  return `${what} for longer than ${minutes} minutes, the stuck threshold for this route (Settings)`
}
