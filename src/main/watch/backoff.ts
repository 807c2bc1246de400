// Poll timing. After a success (or a resume from sleep) the next poll is exactly one interval away; after
// failures the wait doubles per consecutive failure, jittered by ±20 % so many clients do not retry in step,
// and never below one interval nor above the cap.
export const BACKOFF_CAP_MS = 30 * 60_000
export const JITTER = 0.2

export function backoffCapMs(intervalMs: number): number {
  return Math.max(intervalMs, BACKOFF_CAP_MS)
}

/** Milliseconds until the next poll, given the consecutive failures so far (0 = the last poll succeeded). */
export function nextDelayMs(intervalMs: number, failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return intervalMs
  const cap = backoffCapMs(intervalMs)
  const base = Math.min(cap, intervalMs * 2 ** Math.min(failures, 30))
  const jittered = base * (1 - JITTER + 2 * JITTER * random())
  return Math.round(Math.min(cap, Math.max(intervalMs, jittered)))
}

/**
 * A watched transfer is polled less often as it ages (most complete in minutes; one still pending after hours
 * is better checked every few minutes), and not at all past the maximum watch age.
 */
export function transferDelayMs(intervalMs: number, ageMs: number): number {
  const hours = Math.max(0, ageMs) / 3_600_000
  const factor = hours < 1 ? 1 : hours < 6 ? 4 : hours < 24 ? 10 : 20
  return Math.min(backoffCapMs(intervalMs), intervalMs * factor)
}
