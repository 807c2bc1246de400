// What a transfer record's own times say: when it was sent and how long it took to arrive. The table's
// Duration column and the export's durationSeconds read the same rule, so the two never disagree.
import { COMPLETE_STATE } from './states'
import type { TransferDetail, TransferRecord } from './schemas/wire'

/** 'YYYY-MM-DD HH:MM:SS' (UTC on the wire) → epoch ms, or NaN. */
export function wireTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text)
  if (!m) return Number.NaN
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))
}

type Timed = Pick<TransferRecord, 'timestamp' | 'createdAt' | 'updatedAt' | 'state'>

/** When it was sent: the record's timestamp, else its createdAt (epoch ms, NaN when neither reads). */
export function sentAt(r: Pick<TransferRecord, 'timestamp' | 'createdAt'>): number {
  const t = wireTime(r.timestamp)
  return Number.isNaN(t) ? wireTime(r.createdAt) : t
}

/**
 * Send → receipt in ms: updatedAt − sent, only for a completed transfer (its last update is when it
 * completed); null when it is not complete or its times are missing or out of order.
 */
export function deliveryMs(r: Timed): number | null {
  if (r.state !== COMPLETE_STATE) return null
  const sent = sentAt(r)
  const updated = wireTime(r.updatedAt)
  return !Number.isNaN(sent) && !Number.isNaN(updated) && updated >= sent ? updated - sent : null
}

/** What the times of a transfer are read with: its record's fields, or its detail's in the same names. */
export type TimedTransfer = Pick<
  TransferRecord,
  'timestamp' | 'createdAt' | 'updatedAt' | 'height' | 'confirmHeight' | 'state' | 'fromChainid' | 'toChainid' | 'transferinHash' | 'origin' | 'outcome'
>

/**
 * A single transfer's times in the record's names, when its detail carries them (Bridge Scan's legs each have a
 * time; see src/main/client/mapscan/decode.ts), else null: then only its record in the sender's history has them.
 */
export function detailTimed(d: TransferDetail): TimedTransfer | null {
  return d.times === undefined ? null : detailTimedAt(d, d.times)
}

/** A single transfer's detail with its times as found elsewhere (wire text, '' where unknown), in the record's names. */
export function detailTimedAt(d: TransferDetail, times: { sent: string; updated: string }): TimedTransfer {
  const timed: TimedTransfer = {
    timestamp: times.sent,
    createdAt: times.sent,
    updatedAt: times.updated,
    height: d.fromHeight,
    confirmHeight: d.confirmHeight,
    state: d.state,
    fromChainid: d.fromChainId,
    toChainid: d.toChainId,
    transferinHash: d.transferInHash
  }
  if (d.origin !== undefined) timed.origin = d.origin
  if (d.outcome !== undefined) timed.outcome = d.outcome
  return timed
}
