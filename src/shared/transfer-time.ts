// A service's wire time read as an instant. What the times of a transfer say (sent, last updated, how long it took)
// is the transfer model's (transfer.ts: timesOfRecord, transferDeliveryMs), read by every view and export.

/** 'YYYY-MM-DD HH:MM:SS' (UTC on the wire) → epoch ms, or NaN. */
export function wireTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text)
  if (!m) return Number.NaN
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))
}
